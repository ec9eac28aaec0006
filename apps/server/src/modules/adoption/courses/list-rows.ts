import { PENDING_START, type CourseDTO } from '@csp/contracts';

// A course-list row as the statement (list-repository.ts) answers it, and as the API lists it.

export interface CourseListRow extends CourseDTO {
  totalRows: number;
}

export interface RawCourseRow {
  course_id: number;
  division_id: number;
  division_name: string;
  department_code: string;
  department_name: string;
  course_code: string;
  course_name: string;
  next_start: string | null;
  section_count: number | string;
  adopted_count: number | string;
  ntr_count: number | string;
  adoption_complete: boolean;
  response_required: boolean;
  late_count: number | string;
  missing_count: number | string;
  ztc_count: number | string;
  ltc_count: number | string;
  total_rows: number | string;
}

export function toCourseRow(r: RawCourseRow): CourseListRow {
  return {
    courseId: r.course_id,
    divisionId: r.division_id,
    divisionName: r.division_name,
    departmentCode: r.department_code,
    departmentName: r.department_name,
    courseCode: r.course_code,
    courseName: r.course_name,
    nextStartDate: r.next_start ?? PENDING_START,
    adoptionStatus: r.adoption_complete ? 'complete' : 'incomplete',
    responseRequired: r.response_required,
    sectionCount: Number(r.section_count),
    adoptedSectionCount: Number(r.adopted_count),
    noTextRequiredSectionCount: Number(r.ntr_count),
    lateSectionCount: Number(r.late_count),
    missingSectionCount: Number(r.missing_count),
    ztcSectionCount: Number(r.ztc_count),
    ltcSectionCount: Number(r.ltc_count),
    totalRows: Number(r.total_rows),
  };
}

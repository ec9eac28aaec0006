import type { CourseDTO } from '@csp/contracts';
import { PENDING_START } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { courseListStatement, type CourseListQuery } from './list-statement.ts';

interface CourseListRow extends CourseDTO {
  totalRows: number;
}

interface RawCourseRow {
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
  total_rows: number | string;
}

function toCourseRow(r: RawCourseRow): CourseListRow {
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
    totalRows: Number(r.total_rows),
  };
}

async function courseRows(db: Db, q: CourseListQuery, page?: { limit: number; offset: number }) {
  return (await queryRows<RawCourseRow>(db, courseListStatement(q, page))).map(toCourseRow);
}

const withoutTotal = ({ totalRows: _total, ...course }: CourseListRow): CourseDTO => course;

/** One page of the catalog and the number of courses over all pages. */
export async function listCourses(
  db: Db,
  q: CourseListQuery,
): Promise<{ rows: CourseDTO[]; recordCount: number }> {
  const rows = await courseRows(db, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  let recordCount = rows[0]?.totalRows ?? 0;
  if (rows.length === 0 && q.page > 1) {
    // A page past the end carries no total: count without a page (rare; a stale link).
    const [first] = await courseRows(db, q, { limit: 1, offset: 0 });
    recordCount = first?.totalRows ?? 0;
  }
  return { rows: rows.map(withoutTotal), recordCount };
}

/** Every course the filters list, in the list's order (no page), with its figures: the export. */
export async function allListedCourses(db: Db, q: CourseListQuery): Promise<CourseDTO[]> {
  return (await courseRows(db, q)).map(withoutTotal);
}

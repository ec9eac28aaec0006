import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { courses, enrollments, sections } from '../../../db/schema/index.ts';
import type { CatalogAncestry } from '../../catalog/index.ts';

/** The catalog columns of an enrolment's section inside {@link enrolledWithin}. */
export const ENROLMENT_SECTION_COLUMNS = {
  divisionId: sql`enr_c.division_id`,
  departmentId: sql`enr_c.department_id`,
  courseId: sql`enr_s.course_id`,
  sectionId: sql`enr_s.id`,
};

/**
 * The student `studentId` (a column of the outer query) is enrolled in a section that `scope`
 * (a predicate over ENROLMENT_SECTION_COLUMNS) admits: probes of enrollments' primary key
 * (student_id first) and the sections' and courses' primary keys, a few rows per student.
 */
export function enrolledWithin(studentId: SQL, scope: SQL): SQL {
  return sql`exists (select 1 from enrollments enr
    join sections enr_s on enr_s.id = enr.section_id
    join courses enr_c on enr_c.id = enr_s.course_id
    where enr.student_id = ${studentId} and (${scope}))`;
}

/** Each student's enrolments (of the store) as the sections' full ancestry, by student id. */
export async function enrolmentAncestries(
  db: Db,
  locationId: number,
  studentIds: readonly number[],
): Promise<Map<number, CatalogAncestry[]>> {
  const byStudent = new Map<number, CatalogAncestry[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0) return byStudent;
  const rows = await db
    .select({
      studentId: enrollments.studentId,
      divisionId: courses.divisionId,
      departmentId: courses.departmentId,
      courseId: sections.courseId,
      sectionId: sections.id,
    })
    .from(enrollments)
    .innerJoin(sections, eq(sections.id, enrollments.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(eq(enrollments.locationId, locationId), inArray(enrollments.studentId, [...studentIds])),
    );
  for (const { studentId, ...ancestry } of rows) byStudent.get(studentId)?.push(ancestry);
  return byStudent;
}

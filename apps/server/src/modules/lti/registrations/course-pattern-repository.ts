import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A section the catalog offers for a reading's course code (course-pattern.ts reads them). */
export interface CandidateSection {
  sectionId: number;
  courseId: number;
  sectionCode: string;
  courseCode: string;
  departmentCode: string;
  termName: string;
}

/**
 * The store's sections of the courses whose code is one of `courseCodes` (lower case), every
 * term, in a fixed order (newest term first, then department, course and section code), for
 * course-pattern.ts to pick from. Uses the courses' lower(code) index. With `departmentCodes`
 * (compared as course-pattern.ts's `comparable` does: lower case, no spaces or punctuation),
 * only courses of those departments.
 */
export async function sectionsOfCourseCodes(
  db: Db,
  locationId: number,
  courseCodes: string[],
  departmentCodes: string[] | null = null,
): Promise<CandidateSection[]> {
  if (courseCodes.length === 0) return [];
  const rows = await queryRows<{
    section_id: number;
    course_id: number;
    section_code: string;
    course_code: string;
    department_code: string;
    term_name: string;
  }>(
    db,
    sql`select s.id as section_id, c.id as course_id, s.code as section_code,
        c.code as course_code, d.code as department_code, t.name as term_name
      from courses c
        join departments d on d.id = c.department_id
        join sections s on s.course_id = c.id
        join terms t on t.id = s.term_id
      where c.location_id = ${locationId}
        and lower(c.code) in (${sql.join(
          courseCodes.map((code) => sql`${code}`),
          sql`, `,
        )})
        ${
          departmentCodes && departmentCodes.length > 0
            ? sql`and regexp_replace(lower(d.code), '[[:space:]._/-]+', '', 'g') in (${sql.join(
                departmentCodes.map((code) => sql`${code}`),
                sql`, `,
              )})`
            : sql``
        }
      order by t.start_date desc, t.id, d.code, c.code, s.code, s.id
      limit 2000`,
  );
  return rows.map((row) => ({
    sectionId: Number(row.section_id),
    courseId: Number(row.course_id),
    sectionCode: row.section_code,
    courseCode: row.course_code,
    departmentCode: row.department_code,
    termName: row.term_name,
  }));
}

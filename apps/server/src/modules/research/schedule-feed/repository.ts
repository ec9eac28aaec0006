import { sql } from 'drizzle-orm';
import type { CostDesignation } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { designationOf } from '../textbooks/repository.ts';

/** One section of a term with the cost figures it keeps (migration 0039). */
export interface ScheduleFeedRow {
  sectionId: number;
  departmentCode: string;
  courseCode: string;
  sectionCode: string;
  courseName: string;
  designation: CostDesignation;
  requiredCostLowCents: number | null;
  requiredCostHighCents: number | null;
}

const centsOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Every section of the store's term with its designation (the override, else the kept one) and
 * required cost range, by department, course and section code. One statement from the
 * sections_term index: the figures are kept on the sections, so nothing is computed here.
 */
export async function findScheduleFeedRows(
  db: Db,
  locationId: number,
  termId: number,
): Promise<ScheduleFeedRow[]> {
  const rows = await queryRows<Record<keyof ScheduleFeedRow, unknown>>(
    db,
    sql`select s.id as "sectionId", d.code as "departmentCode", c.code as "courseCode",
        s.code as "sectionCode", c.name as "courseName", s.designation as "designation",
        s.required_cost_low_cents as "requiredCostLowCents",
        s.required_cost_high_cents as "requiredCostHighCents"
      from sections s
        join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where s.term_id = ${termId} and s.location_id = ${locationId}
      order by d.code, c.code, s.code, s.id`,
  );
  return rows.map((r) => ({
    sectionId: Number(r.sectionId),
    departmentCode: String(r.departmentCode),
    courseCode: String(r.courseCode),
    sectionCode: String(r.sectionCode),
    courseName: String(r.courseName),
    designation: designationOf(r.designation),
    requiredCostLowCents: centsOrNull(r.requiredCostLowCents),
    requiredCostHighCents: centsOrNull(r.requiredCostHighCents),
  }));
}

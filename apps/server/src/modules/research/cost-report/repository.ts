import { sql, type SQL } from 'drizzle-orm';
import {
  COMPARISON_TERM_TOLERANCE_DAYS,
  type CostReportChoice,
  type CostReportTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** One department's counts in one term, as summed in SQL (the service derives the rest). */
export interface DepartmentCounts {
  departmentId: number;
  departmentCode: string;
  departmentName: string;
  sections: number;
  ztc: number;
  ltc: number;
  none: number;
  costKnown: number;
  /** The sum of the known required costs (cents), for the averages of rows and totals alike. */
  costSumCents: number;
}

const TERM_COLUMNS = sql`tm.id as "termId", tm.name as "termName",
  tm.start_date::text as "startDate", tm.end_date::text as "endDate",
  tm.division_id as "divisionId", dv.name as "divisionName"`;

const toTerm = (r: Record<string, unknown>): CostReportTerm => ({
  termId: Number(r.termId),
  termName: String(r.termName),
  startDate: String(r.startDate),
  endDate: String(r.endDate),
  divisionId: Number(r.divisionId),
  divisionName: String(r.divisionName),
});

/**
 * The store's terms with a section in the caller's scope (`scope` over a section `s` of a
 * course `c`; null: the whole store), newest first, with those sections counted. The whole
 * store reads each term's kept section count (migration 0022): counting through courses hashes
 * every term's sections (30 ms on the large store, against well under 1).
 */
export async function findScopedTerms(
  db: Db,
  locationId: number,
  scope: SQL | null,
): Promise<CostReportChoice[]> {
  const counted =
    scope === null
      ? sql`tm.section_count`
      : sql`(select count(*) from sections s join courses c on c.id = s.course_id
          where s.term_id = tm.id and s.location_id = ${locationId} and (${scope}))`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (
        select ${TERM_COLUMNS}, tm.start_date, tm.id, ${counted} as "sectionCount"
        from terms tm join divisions dv on dv.id = tm.division_id
        where tm.location_id = ${locationId}
      ) t
      where t."sectionCount" > 0
      order by t.start_date desc, t."divisionName", t.id desc`,
  );
  return rows.map((r) => ({ ...toTerm(r), sectionCount: Number(r.sectionCount) }));
}

/**
 * The store's term and the same term a year before (contracts' cost-report.ts: the division's
 * term starting nearest to a year earlier, within the tolerance), in one statement; undefined
 * when the term is not the store's.
 */
export async function findTermAndComparison(
  db: Db,
  locationId: number,
  termId: number,
): Promise<{ term: CostReportTerm; comparison: CostReportTerm | null } | undefined> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with base as (
        select tm.*, (tm.start_date - interval '1 year')::date as year_before
        from terms tm where tm.id = ${termId} and tm.location_id = ${locationId}
      ),
      prev as (
        select p.id from base b join terms p on p.location_id = b.location_id
          and p.division_id = b.division_id and p.id <> b.id
        where abs(p.start_date - b.year_before) <= ${COMPARISON_TERM_TOLERANCE_DAYS}
        order by abs(p.start_date - b.year_before), p.start_date, p.id
        limit 1
      )
      select ${TERM_COLUMNS}, tm.id = ${termId} as "isTerm"
      from terms tm join divisions dv on dv.id = tm.division_id
      where tm.id in (select id from base union all select id from prev)`,
  );
  const term = rows.find((r) => r.isTerm === true);
  if (!term) return undefined;
  const comparison = rows.find((r) => r.isTerm !== true);
  return { term: toTerm(term), comparison: comparison ? toTerm(comparison) : null };
}

/**
 * Each department's sections of one term in the caller's scope, counted by the designation
 * they show (the generated `designation`: override, else kept), with the known costs summed.
 * One pass over the term's sections (sections_term index), grouped by department.
 */
export async function countTermByDepartment(
  db: Db,
  locationId: number,
  termId: number,
  scope: SQL,
): Promise<DepartmentCounts[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with counted as (
        select c.department_id, count(*) as sections,
          count(*) filter (where s.designation = 'ZTC') as ztc,
          count(*) filter (where s.designation = 'LTC') as ltc,
          count(*) filter (where s.designation = 'NONE') as none,
          count(s.required_cost_low_cents) as known,
          coalesce(sum(s.required_cost_low_cents), 0) as cost_sum
        from sections s join courses c on c.id = s.course_id
        where s.term_id = ${termId} and s.location_id = ${locationId} and (${scope})
        group by c.department_id
      )
      select d.id as "departmentId", d.code as "departmentCode", d.name as "departmentName",
        k.sections, k.ztc, k.ltc, k.none, k.known, k.cost_sum as "costSum"
      from counted k join departments d on d.id = k.department_id
      order by d.code, d.id`,
  );
  return rows.map((r) => ({
    departmentId: Number(r.departmentId),
    departmentCode: String(r.departmentCode),
    departmentName: String(r.departmentName),
    sections: Number(r.sections),
    ztc: Number(r.ztc),
    ltc: Number(r.ltc),
    none: Number(r.none),
    costKnown: Number(r.known),
    costSumCents: Number(r.costSum),
  }));
}

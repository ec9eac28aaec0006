import { sql, type SQL } from 'drizzle-orm';
import { COST_DESIGNATIONS, DEADLINE_STATUSES } from '@csp/contracts';
import { deadlineStatusSql } from '../../campaigns/index.ts';
import { countedSectionsSql } from './list-query.ts';
import type { Plan } from './list-plan.ts';

// The course list's per-section marks, counted per course in one pass over the sections: their
// standing against their term's deadline (issue 30, ADR 0043) and the textbook cost designation
// they show (issue 31: the kept `sections.designation`, the store's override else the rules').

/** A standing's or a designation's count per course, as a column of `standing`. */
const countColumn = (status: string) => sql.raw(`${status.toLowerCase()}_count`);

/** Whether a filter reads the marks (then every candidate's are counted before the cut). */
export const marksFirst = (plan: Plan): boolean =>
  plan.standingFilter !== null || plan.designationFilter !== null;

/**
 * Each course's counted sections by standing and by designation (each section's worked out
 * once), for the page's courses, or for every candidate when the list is filtered by either
 * (then before the page is cut). The scope reads the section and its course only
 * (scope-repository.ts). It reads the sections and their terms apart from `counted`, which
 * stays an index-only scan for the default view (ADR 0032): the page's few courses cost a few
 * heap reads, the designation among them.
 */
export function standingCte(plan: Plan): SQL {
  const { q } = plan;
  const status = deadlineStatusSql('s', 'tm', q.today);
  const from = marksFirst(plan) ? 'candidates' : 'paged';
  const counts = [
    ...DEADLINE_STATUSES.map(
      (name) => sql`count(*) filter (where status = ${name})::int as ${countColumn(name)}`,
    ),
    ...COST_DESIGNATIONS.map(
      (name) => sql`count(*) filter (where designation = ${name})::int as ${countColumn(name)}`,
    ),
  ];
  return sql`standing as (
      select course_id, ${sql.join(counts, sql`, `)}
      from (
        select s.course_id, ${status} as status, s.designation
        from sections s
          join terms tm on tm.id = s.term_id
          ${q.sectionScope === null ? sql`` : sql`join courses c on c.id = s.course_id`}
        where s.location_id = ${q.locationId} and ${countedSectionsSql(q)} and ${plan.scope}
          and s.course_id in (select course_id from ${sql.raw(from)})
      ) x
      group by course_id
    ),`;
}

/** The filter of `paged` by standing or designation over candidates `k`, when asked for. */
export function standingWhere(plan: Plan): SQL | null {
  const wanted = [plan.standingFilter, plan.designationFilter].filter((v) => v !== null);
  if (wanted.length === 0) return null;
  return sql`k.course_id in (select st.course_id from standing st
        where ${sql.join(
          wanted.map((name) => sql`st.${countColumn(name)} > 0`),
          sql` and `,
        )})`;
}

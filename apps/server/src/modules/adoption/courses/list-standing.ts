import { sql, type SQL } from 'drizzle-orm';
import { DEADLINE_STATUSES } from '@csp/contracts';
import { deadlineStatusSql } from '../../campaigns/index.ts';
import { countedSectionsSql } from './list-query.ts';
import type { Plan } from './list-plan.ts';

// The course list's deadline figures (issue 30, ADR 0043): how many of each listed course's
// counted sections are late or missing against their term's adoption deadline.

/** A standing's count per course, as a column of `standing`. */
const countColumn = (status: string) => sql.raw(`${status.toLowerCase()}_count`);

/**
 * Each course's counted sections by standing (each section's worked out once), for the page's
 * courses, or for every candidate when the list is filtered by standing (then before the page
 * is cut). The scope reads the section and its course only (scope-repository.ts). It reads the
 * sections and their terms apart from `counted`, which stays an index-only scan for the default
 * view (ADR 0032): the page's few courses cost a few heap reads.
 */
export function standingCte(plan: Plan): SQL {
  const { q } = plan;
  const status = deadlineStatusSql('s', 'tm', q.today);
  const from = plan.standingFilter ? 'candidates' : 'paged';
  return sql`standing as (
      select course_id,
        ${sql.join(
          DEADLINE_STATUSES.map(
            (name) => sql`count(*) filter (where status = ${name})::int as ${countColumn(name)}`,
          ),
          sql`, `,
        )}
      from (
        select s.course_id, ${status} as status
        from sections s
          join terms tm on tm.id = s.term_id
          ${q.sectionScope === null ? sql`` : sql`join courses c on c.id = s.course_id`}
        where s.location_id = ${q.locationId} and ${countedSectionsSql(q)} and ${plan.scope}
          and s.course_id in (select course_id from ${sql.raw(from)})
      ) x
      group by course_id
    ),`;
}

/** The filter of `paged` by standing over candidates `k`, when the request asks for one. */
export function standingWhere(plan: Plan): SQL | null {
  if (!plan.standingFilter) return null;
  return sql`k.course_id in (select st.course_id from standing st
        where st.${countColumn(plan.standingFilter)} > 0)`;
}

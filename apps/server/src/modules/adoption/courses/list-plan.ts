import { sql, type SQL } from 'drizzle-orm';
import type { CostDesignation, DeadlineStatus } from '@csp/contracts';
import { courseSearchMatches } from '../../catalog/index.ts';
import { ACTION_TYPE_SQL, PAGE_KEY_SQL, type CourseListQuery } from './list-query.ts';

// What the course list's statement decides once from the query, and the parts of it that read
// where its courses come from: the search, the counted sections or the kept starts (ADR 0032).
// list-repository.ts puts the statement together.

export type Page = { limit: number; offset: number };

/** What the statement's parts decide once from the query (see courseListStatement). */
export interface Plan {
  q: CourseListQuery;
  page: Page | undefined;
  scope: SQL;
  startsToday: boolean;
  /** Filtered by division, department or course code (the course tables are read). */
  filtered: boolean;
  /** The candidates and their next start come from the kept starts (ADR 0032). */
  keptStarts: boolean;
  /** The page is read in order from the kept starts' index, its total from their counts. */
  keptPage: boolean;
  actionFilter: string | null;
  /** The deadline standing filter: every candidate's standing is worked out before the cut. */
  standingFilter: DeadlineStatus | null;
  /** The textbook cost filter: likewise, every candidate's designations before the cut. */
  designationFilter: CostDesignation | null;
  pageKey: { key: readonly string[]; figures: boolean };
  figuresFirst: boolean;
  nextStartOfAll: boolean;
  order: (columns: readonly string[]) => SQL;
}

export function planOf(q: CourseListQuery, page: Page | undefined): Plan {
  const direction = q.sortDirection === 'desc' ? 'desc' : 'asc';
  const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
  // The page is cut before anything else is read for it. When neither the filter nor the sort
  // needs the adoption figures, it is cut first and the figures are worked out for its rows
  // only; otherwise every candidate's figures are worked out, then it is cut. Either way the
  // course names, next start (unless it is the order) and the total ride on the page's rows.
  const actionFilter = q.search ? null : ACTION_TYPE_SQL[q.actionType];
  const pageKey = PAGE_KEY_SQL[q.sortField];
  // A window that starts today (the default) counts every section starting from today up to
  // its end, so a listed course's next start is its earliest counted start: no second look at
  // the sections is needed. Only for a store-wide adopter: a scoped one's counted sections are
  // theirs alone, and the next start is the course's.
  const startsToday = !q.search && q.window.from === q.today && q.sectionScope === null;
  const filtered =
    q.divisionId !== undefined || q.departmentCode !== undefined || q.courseCode !== undefined;
  // Without filters, those courses and their next starts are the kept starts' rows for the
  // window (every section starting from today has not ended: sections_dates_ck). In next-start
  // order the page is then read straight from their index and its total from their counts, so
  // the default view costs what it shows whatever the store's size and the date.
  const keptStarts = startsToday && !filtered;
  const standingFilter = q.search ? null : (q.deadlineStatus ?? null);
  const designationFilter = q.search ? null : (q.designation ?? null);
  const keptPage =
    keptStarts &&
    page !== undefined &&
    q.sortField === 'nextStartDate' &&
    direction === 'asc' &&
    actionFilter === null &&
    standingFilter === null &&
    designationFilter === null;
  return {
    q,
    page,
    scope: q.sectionScope ?? sql`true`,
    startsToday,
    filtered,
    keptStarts,
    keptPage,
    actionFilter,
    standingFilter,
    designationFilter,
    pageKey,
    figuresFirst: pageKey.figures || actionFilter !== null,
    nextStartOfAll: q.sortField === 'nextStartDate',
    order: (columns) =>
      sql.raw(
        `${columns.map((column) => `${column} ${direction} ${nulls}`).join(', ')}, course_id asc`,
      ),
  };
}

/** A course's kept start that is its next start from the window's first day, in the window. */
function keptStartsWhere({ q }: Plan): SQL {
  return sql`cs.location_id = ${q.locationId} and cs.start_date between ${q.window.from} and ${q.window.to}
        and cs.prev_start < ${q.window.from}`;
}

export function candidatesSql(plan: Plan): SQL {
  const { q, scope, startsToday } = plan;
  if (plan.keptStarts) {
    return sql`select cs.course_id, cs.start_date as next_start from course_starts cs
        where ${keptStartsWhere(plan)}`;
  }
  if (q.search) {
    // The matches drive: a store-wide adopter's are not joined to the courses (the scope reads
    // them), so no call reads every course of the store.
    const matches = courseSearchMatches(q.locationId, q.search);
    return q.sectionScope === null
      ? sql`select m.id as course_id from (${matches}) m
          where exists (select 1 from sections s where s.course_id = m.id)`
      : sql`select c.id as course_id from courses c
          where c.id in (${matches})
            and exists (select 1 from sections s where s.course_id = c.id and ${scope})`;
  }
  return startsToday
    ? sql`select s.course_id, min(s.start_date) as next_start from counted s group by s.course_id`
    : sql`select distinct s.course_id from counted s`;
}

/** The default view's page in next-start order from the kept starts' index (see planOf). */
export function keptPageCte(plan: Plan): SQL {
  const { q, page } = plan;
  return sql`paged as (
      select cs.course_id, cs.start_date as next_start,
        (select coalesce(sum(n.courses), 0) from course_start_counts n
          where n.location_id = ${q.locationId}
            and n.start_date between ${q.window.from} and ${q.window.to}
            and n.prev_start < ${q.window.from})::int as total_rows
      from course_starts cs
      where ${keptStartsWhere(plan)}
      order by cs.start_date asc, cs.course_id asc
      limit ${page?.limit ?? 0} offset ${page?.offset ?? 0}
    ),`;
}

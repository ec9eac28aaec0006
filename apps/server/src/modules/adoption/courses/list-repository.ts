import { ADOPTION_TYPE, type CourseDTO } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import { toCourseRow, type CourseListRow, type RawCourseRow } from './list-rows.ts';
import type { Db } from '../../../db/client.ts';
import {
  COMPLETE,
  RESPONDING,
  SORT_SQL,
  countedSectionsSql,
  type CourseListQuery,
} from './list-query.ts';
import { candidatesSql, keptPageCte, planOf, type Page, type Plan } from './list-plan.ts';
import { marksFirst, standingCte, standingWhere } from './list-standing.ts';

// The course list's statement and its execution (the page is cut before the figures are read).

/**
 * Each course of `scope` (distinct course ids) with its next start, when the counted sections do
 * not say it (see startsToday): its one kept start on or after today whose previous start is
 * before it (ADR 0032), one probe of course_starts' key per course, never a scan of every
 * course's starts.
 */
function nextStartCte({ q }: Plan, name: string, scope: SQL): SQL {
  return sql`${sql.raw(name)} as (
      select k.course_id, ns.next_start from ${scope} k
        cross join lateral (
          select cs.start_date as next_start from course_starts cs
          where cs.course_id = k.course_id and cs.start_date >= ${q.today}
            and cs.prev_start < ${q.today}
          limit 1
        ) ns
    ),`;
}

function countedCte({ q, scope, filtered, keptPage }: Plan): SQL {
  const courseFilter = sql.join(
    [
      sql`true`,
      q.divisionId !== undefined ? sql`c.division_id = ${q.divisionId}` : undefined,
      q.departmentCode !== undefined ? sql`d.code = ${q.departmentCode}` : undefined,
      q.courseCode !== undefined ? sql`c.code = ${q.courseCode}` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
  // The course tables are joined only when the scope or a filter reads them: a store-wide
  // adopter's default view is then an index-only range scan of the sections.
  const needsCourse = q.sectionScope !== null || (!q.search && filtered);
  // With a search the courses come first and their sections are counted; with a page read from
  // the kept starts, the page's; otherwise the counted sections say which courses are listed.
  const listedFirst = q.search ? 'candidates' : keptPage ? 'paged' : null;
  return sql`counted as (
      select s.course_id, s.start_date, s.has_text, s.has_ntr, s.needs_response
      from sections s
        ${needsCourse ? sql`join courses c on c.id = s.course_id join departments d on d.id = c.department_id` : sql``}
      where s.location_id = ${q.locationId} and ${countedSectionsSql(q)} and ${scope}
        and ${listedFirst ? sql`s.course_id in (select course_id from ${sql.raw(listedFirst)})` : courseFilter}
    ),`;
}

const courseJoins = (alias: string) =>
  sql.raw(`join courses c on c.id = ${alias}.course_id
        join departments d on d.id = c.department_id
        join divisions dv on dv.id = c.division_id`);

/** What the page's order reads besides the candidates (the figures are joined apart). */
function pageKeyJoin({ pageKey, nextStartOfAll, startsToday }: Plan): SQL {
  if (pageKey.figures) return sql``;
  if (!nextStartOfAll) return courseJoins('k');
  // From today, each candidate carries its next start: nothing to join.
  return startsToday
    ? sql`cross join lateral (select k.next_start) ns`
    : sql`left join next_start_all ns on ns.course_id = k.course_id`;
}

function pagedWhere(plan: Plan, actionFilter: string | null): SQL {
  const parts = [actionFilter ? sql.raw(actionFilter) : null, standingWhere(plan)].filter(
    (part): part is SQL => part !== null,
  );
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

function pagedCte(plan: Plan): SQL {
  const { pageKey, figuresFirst, actionFilter, page } = plan;
  return sql`paged as (
      select k.course_id, ${plan.startsToday ? sql`k.next_start,` : sql``}
        count(*) over ()::int as total_rows
      from candidates k
        ${pageKeyJoin(plan)}
        ${figuresFirst ? sql`left join figures f on f.course_id = k.course_id left join responding r on r.course_id = k.course_id` : sql``}
      ${pagedWhere(plan, actionFilter)}
      order by ${plan.order(pageKey.key)}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
    ),`;
}

/**
 * A course's figures over its counted sections, from the facts each section keeps of the
 * adoptions covering it (the coverage rule of coverage-sql.ts, kept by the section-facts
 * triggers in the same transaction as every adoption change: ADR 0016): so the statement never
 * reads the adoptions themselves, and its cost does not grow with them.
 */
function figuresCte({ figuresFirst }: Plan): SQL {
  return sql`figures as (
      select k.course_id,
        count(*)::int as section_count,
        count(*) filter (where k.has_text or k.has_ntr)::int as adopted_count,
        count(*) filter (where k.has_ntr and not k.has_text)::int as ntr_count,
        bool_or(k.needs_response) as awaiting_response
      from counted k
      ${figuresFirst ? sql`` : sql`where k.course_id in (select course_id from paged)`}
      group by k.course_id
    ),`;
}

/**
 * A course awaiting a response on the sections the row speaks for: an adoption covering one of
 * its counted sections waits for the submitter's answer. A search lists courses without counted
 * sections too: for them a course (auto) adoption awaiting an answer still counts.
 */
function respondingCte({ q }: Plan): SQL {
  return sql`responding as (
      select f.course_id from figures f where f.awaiting_response
      ${
        q.search
          ? sql`union
      select am.course_id from adoption_materials am
      where am.location_id = ${q.locationId} and am.messaging_status = 'RESPONSE_REQUIRED'
        and am.active and am.adoption_type = ${ADOPTION_TYPE.AUTO}
        and am.course_id in (select course_id from candidates)`
          : sql``
      }
    ),`;
}

/** Where the listed rows' next start comes from: the page itself when counted from today. */
function listedNextStart({ nextStartOfAll, startsToday }: Plan): SQL {
  if (startsToday) return sql`cross join lateral (select k.next_start) ns`;
  return sql`left join ${sql.raw(nextStartOfAll ? 'next_start_all' : 'next_start')} ns on ns.course_id = k.course_id`;
}

function listedCte(plan: Plan): SQL {
  return sql`listed as (
      select k.course_id, c.division_id, dv.name as division_name, d.code as department_code,
        d.name as department_name, c.code as course_code, c.name as course_name,
        ns.next_start,
        coalesce(f.section_count, 0) as section_count,
        coalesce(f.adopted_count, 0) as adopted_count,
        coalesce(f.ntr_count, 0) as ntr_count,
        ${sql.raw(COMPLETE)} as adoption_complete,
        ${sql.raw(RESPONDING)} as response_required,
        coalesce(st.late_count, 0) as late_count,
        coalesce(st.missing_count, 0) as missing_count,
        coalesce(st.ztc_count, 0) as ztc_count,
        coalesce(st.ltc_count, 0) as ltc_count,
        k.total_rows
      from paged k
        ${courseJoins('k')}
        left join figures f on f.course_id = k.course_id
        left join responding r on r.course_id = k.course_id
        left join standing st on st.course_id = k.course_id
        ${listedNextStart(plan)}
    )`;
}

const LISTED_COLUMNS = sql.raw(`course_id, division_id, division_name, department_code,
      department_name, course_code, course_name, next_start::text as next_start, section_count,
      adopted_count, ntr_count, adoption_complete, response_required, late_count, missing_count,
      ztc_count, ltc_count, total_rows`);

/**
 * The statement behind getCourseList and exportCatalog, in one round trip (ADR 0010):
 * - `counted`: the caller's sections the figures speak for (the date window, or with a search
 *   every section that has not ended), from the sections' (location, start, end, course) index;
 * - `candidates`: the courses listed (those of the counted sections, or the search's);
 * - `paged`: the page, cut by course columns or next start before any figure is worked out,
 *   or, when the action-type filter or the sort needs the figures, after working them out for
 *   every candidate; it carries the total (count(*) over ());
 * - the figures, from the coverage facts each counted section keeps (no adoption is read);
 * - the page's rows with their course, department, division, next start and whether an
 *   adoption awaits a response.
 * With a search, the courses come from the search (code prefixes, or the name's words) and
 * are listed even without a counted section. Without `page`, every course (the export).
 */
export function courseListStatement(q: CourseListQuery, page?: Page): SQL {
  const plan = planOf(q, page);
  const { figuresFirst, nextStartOfAll } = plan;
  const candidates = candidatesSql(plan);
  const counted = countedCte(plan);
  if (plan.keptPage) {
    return sql`
    with ${keptPageCte(plan)} ${counted} ${figuresCte(plan)} ${respondingCte(plan)} ${standingCte(plan)} ${listedCte(plan)}
    select ${LISTED_COLUMNS} from listed order by ${plan.order(SORT_SQL[q.sortField])}`;
  }
  const paged = pagedCte(plan);
  return sql`
    with ${q.search ? sql`candidates as (${candidates}), ${counted}` : sql`${counted} candidates as (${candidates}),`}
    ${nextStartOfAll && !plan.startsToday ? nextStartCte(plan, 'next_start_all', sql.raw('candidates')) : sql``}
    ${marksFirst(plan) ? standingCte(plan) : sql``}
    ${figuresFirst ? sql`` : paged}
    ${figuresCte(plan)}
    ${respondingCte(plan)}
    ${figuresFirst ? paged : sql``}
    ${marksFirst(plan) ? sql`` : standingCte(plan)}
    ${nextStartOfAll || plan.startsToday ? sql`` : nextStartCte(plan, 'next_start', sql.raw('paged'))}
    ${listedCte(plan)}
    select ${LISTED_COLUMNS} from listed
    order by ${plan.order(SORT_SQL[q.sortField])}`;
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

import { sql, type SQL } from 'drizzle-orm';
import type { CatalogActionType, CourseDTO, CourseSortField, SortDirection } from '@csp/contracts';
import { PENDING_START } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { coverageCtes } from './coverage-sql.ts';

/** Which courses the catalog lists and which of their sections it counts. */
export interface CourseListQuery {
  locationId: number;
  today: string;
  /**
   * The caller's adopt scope over a section row `s` joined to its course `c` (grants); null
   * when they may adopt everywhere in the store (then no join is needed to check it).
   */
  sectionScope: SQL | null;
  /** Sections counted: those starting in the window (and, when open, not yet ended). */
  window: { from: string; to: string; open: boolean };
  /** Filters (ignored when `search` is set: the search overrides them, spec §5). */
  divisionId?: number;
  departmentCode?: string;
  courseCode?: string;
  actionType: CatalogActionType;
  /** Course code ("BIO 101", "BIO101", "101") prefix, or words of the name (prefixes). */
  search?: { codePrefix: string; compactPrefix: string; words: string[] };
  sortField: CourseSortField;
  sortDirection: SortDirection;
  page: number;
  pageSize: number;
}

/** ORDER BY per sort field; every one ends on the course id so pages never overlap. */
const SORT_SQL: Record<CourseSortField, string> = {
  nextStartDate: 'next_start',
  courseCode: 'department_code, course_code',
  courseName: 'lower(course_name)',
  departmentCode: 'department_code',
  divisionName: 'division_name',
  adoptionStatus: 'adoption_complete',
  responseRequired: 'response_required',
  sectionCount: 'section_count',
};

/**
 * The same orders over the course tables themselves (aliases c, d, dv, ns), for cutting a page
 * before any adoption figure is worked out; null where the order needs the figures.
 */
const PAGE_KEY_SQL: Record<CourseSortField, string | null> = {
  nextStartDate: 'ns.next_start',
  courseCode: 'd.code, c.code',
  courseName: 'lower(c.name)',
  departmentCode: 'd.code',
  divisionName: 'dv.name',
  adoptionStatus: null,
  responseRequired: null,
  sectionCount: null,
};

const ACTION_TYPE_SQL: Record<CatalogActionType, string> = {
  ALL_COURSES: 'true',
  NEEDS_ADOPTION: 'not adoption_complete',
  ADOPTED: 'adoption_complete and adopted_count > ntr_count',
  RESPONSE_REQUIRED: 'response_required',
  NO_TEXT_REQUIRED: 'ntr_count > 0',
};

/**
 * The statement behind getCourseList and exportCatalog, in one round trip:
 * - `counted`: the caller's sections the figures speak for (the date window, or with a search
 *   every section that has not ended), found by the sections' (location, start date) index;
 * - coverage from the sections' own adoptions and the course's auto adoptions, each read once
 *   per statement by a hash join rather than probed once per section;
 * - next start date, from the sections starting today or later, and response required;
 * - then the action-type filter, the sort, the page and the total (count(*) over ()).
 * With a search, the courses come from the search (code prefix index, or the name's words)
 * and are listed even without a counted section.
 */
export function courseListStatement(q: CourseListQuery, page?: { limit: number; offset: number }) {
  const scope = q.sectionScope ?? sql`true`;
  const courseFilter = q.search
    ? sql`(lower(c.code) like ${q.search.codePrefix + '%'}
        or lower(d.code || ' ' || c.code) like ${q.search.codePrefix + '%'}
        or lower(d.code || c.code) like ${q.search.compactPrefix + '%'}
        ${q.search.words.length > 0 ? sql`or to_tsvector('simple', c.name) @@ to_tsquery('simple', ${q.search.words.map((w) => `${w}:*`).join(' & ')})` : sql``})`
    : sql.join(
        [
          sql`true`,
          q.divisionId !== undefined ? sql`c.division_id = ${q.divisionId}` : undefined,
          q.departmentCode !== undefined ? sql`d.code = ${q.departmentCode}` : undefined,
          q.courseCode !== undefined ? sql`c.code = ${q.courseCode}` : undefined,
        ].filter((part): part is SQL => part !== undefined),
        sql` and `,
      );
  const countedSections = q.search
    ? sql`s.end_date >= ${q.today}`
    : sql`s.start_date between ${q.window.from} and ${q.window.to}
        ${q.window.open ? sql`and s.end_date >= ${q.today}` : sql``}`;
  // With a search the courses are the search's (each still in the caller's scope); otherwise
  // they are the courses of the counted sections.
  const candidates = q.search
    ? sql`select c.id as course_id from courses c join departments d on d.id = c.department_id
        where c.location_id = ${q.locationId} and ${courseFilter}
          and exists (select 1 from sections s where s.course_id = c.id and ${scope})`
    : sql`select distinct s.course_id from counted s`;
  const direction = q.sortDirection === 'desc' ? 'desc' : 'asc';
  const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
  const order = (columns: string) =>
    sql.raw(
      `${columns
        .split(', ')
        .map((column) => `${column} ${direction} ${nulls}`)
        .join(', ')}, course_id asc`,
    );
  // The fast path: when neither the filter nor the sort needs a course's adoption figures, the
  // page is cut first (by course columns or next start) and the figures are worked out for its
  // rows only. Otherwise every candidate course's figures are needed to filter or sort.
  const pageKey = q.search || q.actionType === 'ALL_COURSES' ? PAGE_KEY_SQL[q.sortField] : null;
  const fast = page !== undefined && pageKey != null;
  const figured = fast ? sql.raw('paged') : sql.raw('candidates');
  const nextStartOfAll = !fast || q.sortField === 'nextStartDate';
  const nextStart = (scope: SQL) => sql`next_start as (
      select s.course_id, min(s.start_date) as next_start from sections s
      where s.location_id = ${q.locationId} and s.start_date >= ${q.today}
        and s.course_id in (select course_id from ${scope})
      group by s.course_id
    ),`;
  // With a search the courses come first and their sections are counted; otherwise the
  // counted sections say which courses are listed.
  // The course tables are joined only when the scope or a filter reads them: a store-wide
  // adopter's default view is then an index-only range scan of the sections.
  const needsCourse =
    q.sectionScope !== null ||
    (!q.search &&
      (q.divisionId !== undefined || q.departmentCode !== undefined || q.courseCode !== undefined));
  const counted = sql`counted as (
      select s.id, s.course_id from sections s
        ${needsCourse ? sql`join courses c on c.id = s.course_id join departments d on d.id = c.department_id` : sql``}
      where s.location_id = ${q.locationId} and ${countedSections} and ${scope}
        and ${q.search ? sql`s.course_id in (select course_id from candidates)` : courseFilter}
    ),`;
  // Ordering by next start needs nothing of the course tables before the page is cut.
  const pageJoins =
    q.sortField === 'nextStartDate'
      ? sql``
      : sql`join courses c on c.id = k.course_id
        join departments d on d.id = c.department_id
        join divisions dv on dv.id = c.division_id`;
  return sql`
    with ${q.search ? sql`candidates as (${candidates}), ${counted}` : sql`${counted} candidates as (${candidates}),`}
    ${nextStartOfAll ? nextStart(sql.raw('candidates')) : sql``}
    ${
      fast
        ? sql`paged as (
      select k.course_id, count(*) over ()::int as total_rows
      from candidates k
        ${pageJoins}
        ${nextStartOfAll ? sql`left join next_start ns on ns.course_id = k.course_id` : sql``}
      order by ${order(pageKey)}
      limit ${page.limit} offset ${page.offset}
    ),`
        : sql``
    }
    ${nextStartOfAll ? sql`` : nextStart(sql.raw('paged'))}
    ${coverageCtes(
      q.locationId,
      sql`select id from counted where course_id in (select course_id from ${figured})`,
      sql`select course_id from ${figured}`,
    )},
    figures as (
      select k.course_id,
        count(*)::int as section_count,
        count(*) filter (where coalesce(sc.text or sc.ntr, false) or coalesce(cc.text or cc.ntr, false))::int
          as adopted_count,
        count(*) filter (where (coalesce(sc.ntr, false) or coalesce(cc.ntr, false))
          and not (coalesce(sc.text, false) or coalesce(cc.text, false)))::int as ntr_count
      from counted k
        left join section_cover sc on sc.section_id = k.id
        left join course_cover cc on cc.course_id = k.course_id
      where k.course_id in (select course_id from ${figured})
      group by k.course_id
    ),
    listed as (
      select k.course_id, c.division_id, dv.name as division_name, d.code as department_code,
        d.name as department_name, c.code as course_code, c.name as course_name,
        ns.next_start,
        coalesce(f.section_count, 0) as section_count,
        coalesce(f.adopted_count, 0) as adopted_count,
        coalesce(f.ntr_count, 0) as ntr_count,
        coalesce(f.section_count > 0 and f.adopted_count = f.section_count, false)
          as adoption_complete,
        exists (select 1 from adoption_materials am
          where am.course_id = k.course_id and am.active
            and am.messaging_status = 'RESPONSE_REQUIRED') as response_required,
        ${fast ? sql`k.total_rows` : sql`0`} as paged_total
      from ${figured} k
        join courses c on c.id = k.course_id
        join departments d on d.id = c.department_id
        join divisions dv on dv.id = c.division_id
        left join figures f on f.course_id = k.course_id
        left join next_start ns on ns.course_id = k.course_id
    )
    select course_id, division_id, division_name, department_code, department_name, course_code,
      course_name, next_start::text as next_start, section_count, adopted_count, ntr_count,
      adoption_complete, response_required,
      ${fast ? sql`paged_total` : sql`count(*) over ()::int`} as total_rows
    from listed
    where ${q.search ? sql`true` : sql.raw(ACTION_TYPE_SQL[q.actionType])}
    order by ${order(SORT_SQL[q.sortField])}
    ${page && !fast ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

export interface CourseListRow extends CourseDTO {
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
    totalRows: Number(r.total_rows),
  };
}

/** One page of the catalog and the number of courses over all pages. */
export async function listCourses(
  db: Db,
  q: CourseListQuery,
): Promise<{ rows: CourseDTO[]; recordCount: number }> {
  const offset = (q.page - 1) * q.pageSize;
  const result = (await db.execute(
    courseListStatement(q, { limit: q.pageSize, offset }),
  )) as unknown as {
    rows: RawCourseRow[];
  };
  const rows = result.rows.map(toCourseRow);
  let recordCount = rows[0]?.totalRows ?? 0;
  if (rows.length === 0 && q.page > 1) {
    // A page past the end carries no total: count without a page (rare; a stale link).
    const all = (await db.execute(courseListStatement(q, { limit: 1, offset: 0 }))) as unknown as {
      rows: RawCourseRow[];
    };
    recordCount = all.rows[0] ? Number(all.rows[0].total_rows) : 0;
  }
  return { rows: rows.map(({ totalRows: _t, ...row }) => row), recordCount };
}

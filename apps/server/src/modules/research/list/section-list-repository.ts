import { sql, type SQL } from 'drizzle-orm';
import type {
  CostDesignation,
  DeadlineStatus,
  SectionAdoptionStatus,
  SectionSortField,
  SortDirection,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { courseSearchMatches, type CourseSearch } from '../../catalog/index.ts';
import { deadlineStatusSql } from '../../campaigns/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { SectionCursor } from './section-cursor.ts';
import { SORT_VALUE_KIND } from './section-cursor.ts';

/** The rank kept in sections.adoption_status_rank (migration 0012), by status. */
export const STATUS_RANK: Record<SectionAdoptionStatus, number> = {
  OUTSTANDING: 0,
  NEEDS_INFORMATION: 1,
  NO_TEXT_REQUIRED: 2,
  ADOPTED: 3,
};

/**
 * Each sort field's value over a section `s` of a course `c` in a term `tm`. The kept columns
 * (ADR 0016) each have an index (location_id, column, id); the course's and term's columns are
 * read through their join. The Section column sorts by what it shows ("BIO 101 – 2"), kept on
 * the section as `name_key` (migration 0030: codes with numbers by value, "C" collation).
 */
const SORT_SQL: Record<SectionSortField, SQL> = {
  startDate: sql`s.start_date`,
  endDate: sql`s.end_date`,
  courseCode: sql`s.name_key`,
  courseName: sql`c.name`,
  sectionCode: sql`s.code`,
  termName: sql`tm.name`,
  professors: sql`s.professor_names`,
  enrollmentCount: sql`s.enrollment_count`,
  listingCount: sql`s.listing_count`,
  adoptionStatus: sql`s.adoption_status_rank`,
};

const CAST: Record<(typeof SORT_VALUE_KIND)[SectionSortField], SQL> = {
  day: sql`::date`,
  text: sql`::text`,
  int: sql`::integer`,
};

export interface SectionListQuery {
  locationId: number;
  /** The caller's VIEW_SECTION scope over s and c (grants.scopePredicate). */
  scope: SQL;
  /** The caller holds VIEW_SECTION on every section: `scope` is left out. */
  scopeIsStoreWide: boolean;
  divisionId?: number | null;
  termId?: number | null;
  departmentId?: number | null;
  courseId?: number | null;
  professorId?: number | null;
  /** Section start date on or after / on or before (YYYY-MM-DD). */
  startFrom?: string;
  startTo?: string;
  adoptionRank?: number;
  /** Where the sections stand against their term's deadline, measured on `today`. */
  deadlineStatus?: DeadlineStatus;
  /** The designation the sections show (the generated column: override, else kept). */
  designation?: CostDesignation;
  /** The server's today (YYYY-MM-DD): what a passed deadline is measured from. */
  today: string;
  /** Courses as the catalog's search finds them ("BIOL 101", "101", "cell bio"), or a section code prefix. */
  search?: CourseSearch;
  sortField: SectionSortField;
  /** The order the rows are read in (the page's order, or its reverse for before/last). */
  readDirection: SortDirection;
  /** Rows strictly past this place in the read order. */
  from?: SectionCursor;
  limit: number;
}

/** One section of a page, with its sort value for the page's cursors. */
export interface SectionListRow {
  sectionId: number;
  divisionId: number;
  divisionName: string;
  departmentCode: string;
  courseId: number;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  termId: number;
  termName: string;
  startDate: string;
  endDate: string;
  professors: string[];
  enrollmentCount: number;
  listingCount: number;
  hasNtr: boolean;
  hasText: boolean;
  adoptionRank: number;
  adoptionDeadline: string | null;
  deadlineStatus: DeadlineStatus;
  designation: CostDesignation;
  requiredCostLowCents: number | null;
  requiredCostHighCents: number | null;
  sortValue: string | number;
}

/**
 * The tables the filters and the sort read besides sections: a join only when needed, so a
 * store-wide caller's count is an index-only scan of sections.
 */
function joins(q: SectionListQuery, forSort: boolean): { sql: SQL; course: boolean } {
  const course =
    !q.scopeIsStoreWide ||
    q.divisionId != null ||
    q.departmentId != null ||
    (forSort && q.sortField === 'courseName');
  const term = (forSort && q.sortField === 'termName') || q.deadlineStatus !== undefined;
  return {
    course,
    sql: sql`${course ? sql` join courses c on c.id = s.course_id` : sql``}${term ? sql` join terms tm on tm.id = s.term_id` : sql``}`,
  };
}

function filters(q: SectionListQuery, course: boolean): SQL {
  return sql.join(filterParts(q, course), sql` and `);
}

function filterParts(q: SectionListQuery, course: boolean): SQL[] {
  const parts: SQL[] = [sql`s.location_id = ${q.locationId}`];
  if (course) parts.push(sql`c.location_id = ${q.locationId}`);
  if (q.divisionId != null) parts.push(sql`c.division_id = ${q.divisionId}`);
  if (q.termId != null) parts.push(sql`s.term_id = ${q.termId}`);
  if (q.departmentId != null) parts.push(sql`c.department_id = ${q.departmentId}`);
  if (q.courseId != null) parts.push(sql`s.course_id = ${q.courseId}`);
  if (q.professorId != null)
    parts.push(sql`exists (select 1 from section_professors sp
      where sp.section_id = s.id and sp.professor_id = ${q.professorId})`);
  if (q.startFrom) parts.push(sql`s.start_date >= ${q.startFrom}::date`);
  if (q.startTo) parts.push(sql`s.start_date <= ${q.startTo}::date`);
  if (q.adoptionRank !== undefined) parts.push(sql`s.adoption_status_rank = ${q.adoptionRank}`);
  if (q.deadlineStatus !== undefined)
    parts.push(sql`${deadlineStatusSql('s', 'tm', q.today)} = ${q.deadlineStatus}`);
  // With a term, sections_term_designation_idx finds them; otherwise the sort's index reads in
  // order and the kept column is checked on each row it passes (no join, no recount).
  if (q.designation !== undefined) parts.push(sql`s.designation = ${q.designation}`);
  // The matching courses as an array computed once, so each arm of the "or" is an index scan
  // (by course, and sections_location_code_search_idx by code prefix) instead of a test on
  // every section of the store.
  if (q.search)
    parts.push(sql`(s.course_id = any(array(${courseSearchMatches(q.locationId, q.search)}))
      or lower(s.code) like ${q.search.codePrefix + '%'})`);
  if (!q.scopeIsStoreWide) parts.push(sql`(${q.scope})`);
  return parts;
}

/** The sections matching the filters, whatever the page. */
export async function countSections(db: Db, q: SectionListQuery): Promise<number> {
  const joined = joins(q, false);
  const parts = filterParts(q, joined.course);
  // No filter but the store and perhaps the term (a store-wide caller's list as it opens): the
  // terms' kept section counts (migration 0022) answer without counting the store's sections.
  const kept = parts.length === (q.termId != null ? 2 : 1);
  const [row] = await queryRows<{ n: number | string }>(
    db,
    kept
      ? sql`select coalesce(sum(t.section_count), 0) as n from terms t
          where t.location_id = ${q.locationId}${q.termId != null ? sql` and t.id = ${q.termId}` : sql``}`
      : sql`select count(*) as n from sections s${joined.sql} where ${sql.join(parts, sql` and `)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Up to `limit` sections strictly past `from` in the read order: a keyset page, which reads
 * its rows from an index in order wherever the page is (ADR 0016). The page is cut first and
 * only its rows are joined to what they show.
 */
export async function sectionPage(db: Db, q: SectionListQuery): Promise<SectionListRow[]> {
  const key = SORT_SQL[q.sortField];
  const desc = q.readDirection === 'desc';
  const dir = desc ? sql`desc` : sql`asc`;
  const value = q.from ? sql`${q.from.value}${CAST[SORT_VALUE_KIND[q.sortField]]}` : sql``;
  // The row comparison, and the bound on the sort value alone that it implies: the planner
  // starts an index range on a joined table's column from the latter only.
  const keyset = q.from
    ? sql` and (${key}, s.id) ${desc ? sql`<` : sql`>`} (${value}, ${q.from.id}::integer)
        and ${key} ${desc ? sql`<=` : sql`>=`} ${value}`
    : sql``;
  const joined = joins(q, true);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with page as (
      select s.id, ${key} as sort_value
      from sections s${joined.sql}
      where ${filters(q, joined.course)}${keyset}
      order by ${key} ${dir}, s.id ${dir}
      limit ${q.limit}
    )
    select s.id as "sectionId", c.division_id as "divisionId", dv.name as "divisionName",
      d.code as "departmentCode", c.id as "courseId", c.code as "courseCode",
      c.name as "courseName", s.code as "sectionCode", s.term_id as "termId",
      tm.name as "termName", s.start_date::text as "startDate", s.end_date::text as "endDate",
      array(select p.last_name || ', ' || p.first_name
        from section_professors sp join professors p on p.id = sp.professor_id
        where sp.section_id = s.id order by p.last_name, p.first_name, p.id) as "professors",
      s.enrollment_count as "enrollmentCount", s.listing_count as "listingCount",
      s.has_ntr as "hasNtr", s.has_text as "hasText", s.adoption_status_rank as "adoptionRank",
      tm.adoption_deadline::text as "adoptionDeadline",
      ${deadlineStatusSql('s', 'tm', q.today)} as "deadlineStatus",
      s.designation, s.required_cost_low_cents as "lowCents",
      s.required_cost_high_cents as "highCents",
      ${SORT_VALUE_KIND[q.sortField] === 'day' ? sql`page.sort_value::text` : sql`page.sort_value`} as "sortValue"
    from page join sections s on s.id = page.id join courses c on c.id = s.course_id
      join departments d on d.id = c.department_id join divisions dv on dv.id = c.division_id
      join terms tm on tm.id = s.term_id
    order by page.sort_value ${dir}, page.id ${dir}`,
  );
  return rows.map((r) => ({
    sectionId: Number(r.sectionId),
    divisionId: Number(r.divisionId),
    divisionName: String(r.divisionName),
    departmentCode: String(r.departmentCode),
    courseId: Number(r.courseId),
    courseCode: String(r.courseCode),
    courseName: String(r.courseName),
    sectionCode: String(r.sectionCode),
    termId: Number(r.termId),
    termName: String(r.termName),
    startDate: String(r.startDate),
    endDate: String(r.endDate),
    professors: (r.professors as string[] | null) ?? [],
    enrollmentCount: Number(r.enrollmentCount),
    listingCount: Number(r.listingCount),
    hasNtr: r.hasNtr === true,
    hasText: r.hasText === true,
    adoptionRank: Number(r.adoptionRank),
    adoptionDeadline: r.adoptionDeadline === null ? null : String(r.adoptionDeadline),
    deadlineStatus: r.deadlineStatus as DeadlineStatus,
    designation: r.designation as CostDesignation,
    requiredCostLowCents: r.lowCents === null ? null : Number(r.lowCents),
    requiredCostHighCents: r.highCents === null ? null : Number(r.highCents),
    sortValue: SORT_VALUE_KIND[q.sortField] === 'int' ? Number(r.sortValue) : String(r.sortValue),
  }));
}

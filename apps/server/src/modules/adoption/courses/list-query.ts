import { sql, type SQL } from 'drizzle-orm';
import type {
  CatalogActionType,
  CostDesignation,
  CourseSortField,
  DeadlineStatus,
  SortDirection,
} from '@csp/contracts';
import type { CourseSearch } from '../../catalog/index.ts';

/**
 * A course-list request as the statement reads it, and the SQL vocabulary its filters and
 * orders are written in (list-repository.ts puts them together).
 */

/** Which courses the course list lists and which of their sections it counts. */
export interface CourseListQuery {
  locationId: number;
  today: string;
  /** The caller's adopt scope over section `s` and course `c`; null when store-wide. */
  sectionScope: SQL | null;
  /** Sections counted: those starting in the window (and, when open, not yet ended). */
  window: { from: string; to: string; open: boolean };
  /** Filters (ignored when `search` is set: the search overrides them, docs/behaviour/validation.md). */
  divisionId?: number;
  departmentCode?: string;
  courseCode?: string;
  actionType: CatalogActionType;
  /** Only courses with a counted section in this standing against its term's deadline. */
  deadlineStatus?: DeadlineStatus;
  /** Only courses with a counted section showing this designation (issue 31). */
  designation?: CostDesignation;
  /**
   * A search: a course code prefix ("101"), a department code with perhaps a course code
   * prefix ("BIO 101", "bio101": the department exactly; "BIO" alone: departments starting
   * so), or word prefixes of the name.
   */
  search?: CourseSearch;
  sortField: CourseSortField;
  sortDirection: SortDirection;
  page: number;
  pageSize: number;
}

/** ORDER BY per sort field; every one ends on the course id so pages never overlap. */
export const SORT_SQL: Record<CourseSortField, readonly string[]> = {
  nextStartDate: ['next_start'],
  courseCode: ['department_code', 'course_code'],
  courseName: ['lower(course_name)'],
  departmentCode: ['department_code'],
  departmentName: ['lower(department_name)', 'department_code'],
  divisionName: ['division_name'],
  adoptionStatus: ['adoption_complete'],
  responseRequired: ['response_required'],
  sectionCount: ['section_count'],
};

/** A course's figures as expressions over `figures f` and `responding r` (see below). */
export const COMPLETE =
  'coalesce(f.section_count > 0 and f.adopted_count = f.section_count, false)';
export const RESPONDING = '(r.course_id is not null)';

/**
 * The same orders before the final select, over the course tables (c, d, dv), next start (ns)
 * and the figures (f, r), for cutting the page first. `figures` says whether the order needs
 * the adoption figures (then every candidate's are worked out before the cut).
 */
export const PAGE_KEY_SQL: Record<CourseSortField, { key: readonly string[]; figures: boolean }> = {
  nextStartDate: { key: ['ns.next_start'], figures: false },
  courseCode: { key: ['d.code', 'c.code'], figures: false },
  courseName: { key: ['lower(c.name)'], figures: false },
  departmentCode: { key: ['d.code'], figures: false },
  departmentName: { key: ['lower(d.name)', 'd.code'], figures: false },
  divisionName: { key: ['dv.name'], figures: false },
  adoptionStatus: { key: [COMPLETE], figures: true },
  responseRequired: { key: [RESPONDING], figures: true },
  sectionCount: { key: ['coalesce(f.section_count, 0)'], figures: true },
};

/** The action-type filter over `figures f` and `responding r`; null when it filters nothing. */
export const ACTION_TYPE_SQL: Record<CatalogActionType, string | null> = {
  ALL_COURSES: null,
  NEEDS_ADOPTION: `not ${COMPLETE}`,
  ADOPTED: `${COMPLETE} and f.adopted_count > f.ntr_count`,
  RESPONSE_REQUIRED: RESPONDING,
  NO_TEXT_REQUIRED: 'coalesce(f.ntr_count, 0) > 0',
};

/**
 * Which of a course's sections a row speaks for (alias `s`): with a search, every section that
 * has not ended; otherwise those starting in the window (and, when open, not yet ended).
 */
export function countedSectionsSql(q: CourseListQuery): SQL {
  return q.search
    ? sql`s.end_date >= ${q.today}`
    : sql`s.start_date between ${q.window.from} and ${q.window.to}
        ${q.window.open ? sql`and s.end_date >= ${q.today}` : sql``}`;
}

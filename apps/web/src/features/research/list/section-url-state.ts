import { z } from 'zod';
import {
  COST_DESIGNATIONS,
  DEADLINE_STATUSES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SECTION_SORT,
  SECTION_ADOPTION_STATUSES,
  SECTION_SORT_FIELDS,
  SORT_DIRECTIONS,
  calendarDay,
  sectionCursor,
  sectionDateDefaults,
} from '@csp/contracts';
import type { SectionListRequest } from '@csp/contracts';
import { toApiDate } from '../../../lib/dates.ts';
import { normaliseSearchString } from '../../../lib/search-string.ts';
import { useUrlState } from '../../../lib/url-state.ts';

/**
 * The section list's view as URL parameters: filters, sort, and the page as a number plus the
 * keyset cursor that reaches it (`after` the last row of the page before, `before` the first
 * row of the page after, or `last`). Empty dates mean the standard window of docs/behaviour/constants.md around
 * today (none once a term is chosen), so a plain link keeps meaning "around today".
 */
export const sectionUrlSchema = z.object({
  division: z.coerce.number().int().min(0),
  term: z.coerce.number().int().min(0),
  department: z.coerce.number().int().min(0),
  course: z.coerce.number().int().min(0),
  professor: z.coerce.number().int().min(0),
  status: z.enum([...SECTION_ADOPTION_STATUSES, '']),
  /** The standing against the term's adoption deadline. */
  deadline: z.enum([...DEADLINE_STATUSES, '']),
  /** The textbook cost designation the sections show (issue 31). */
  cost: z.enum([...COST_DESIGNATIONS, '']),
  q: z.string().trim().max(100),
  from: calendarDay,
  to: calendarDay,
  sort: z.enum(SECTION_SORT_FIELDS),
  dir: z.enum(SORT_DIRECTIONS),
  page: z.coerce.number().int().min(1).max(1_000_000),
  after: sectionCursor,
  before: sectionCursor,
  last: z.stringbool(),
});

export type SectionView = z.output<typeof sectionUrlSchema>;

/** No level chosen (ids start at 1). */
export const NONE = 0;

export const SECTION_VIEW_DEFAULTS: SectionView = {
  division: NONE,
  term: NONE,
  department: NONE,
  course: NONE,
  professor: NONE,
  status: '',
  deadline: '',
  cost: '',
  q: '',
  from: '',
  to: '',
  sort: DEFAULT_SECTION_SORT.field,
  dir: DEFAULT_SECTION_SORT.direction,
  page: 1,
  after: '',
  before: '',
  last: false,
};

export function useSectionView() {
  return useUrlState(sectionUrlSchema, SECTION_VIEW_DEFAULTS);
}

/** A change of what the list holds starts again at its first page: cursors belong to a query. */
export const FIRST_PAGE: Partial<SectionView> = {
  page: undefined,
  after: undefined,
  before: undefined,
  last: undefined,
};

/** Every filter back to its default (the sort stays: it is the grid's, not a filter). */
export const CLEARED_FILTERS: Partial<SectionView> = {
  division: undefined,
  term: undefined,
  department: undefined,
  course: undefined,
  professor: undefined,
  status: undefined,
  deadline: undefined,
  cost: undefined,
  q: undefined,
  from: undefined,
  to: undefined,
  ...FIRST_PAGE,
};

/**
 * The levels that apply: a term only under a division, a department only under a term, a
 * course only under a department (a hand-edited link with a course alone is read as the levels
 * above it, not sent as a query the cascade could not show).
 */
export function chosenLevels(view: SectionView) {
  const divisionId = view.division === NONE ? null : view.division;
  const termId = divisionId !== null && view.term !== NONE ? view.term : null;
  const departmentId = termId !== null && view.department !== NONE ? view.department : null;
  const courseId = departmentId !== null && view.course !== NONE ? view.course : null;
  return { divisionId, termId, departmentId, courseId };
}

/**
 * The dates the list uses: what the link says, else (with no term) docs/behaviour/constants.md's window around
 * today. A term has dates of its own, so then an unset date is no limit at all.
 */
export function effectiveDates(
  view: Pick<SectionView, 'from' | 'to'> & { termId: number | null },
  today = new Date(),
): { from: string; to: string } {
  if (view.termId !== null) return { from: view.from, to: view.to };
  const standard = sectionDateDefaults(toApiDate(today));
  return { from: view.from || standard.from, to: view.to || standard.to };
}

/** How many filters differ from the list as it first opens. */
export function activeFilterCount(view: SectionView): number {
  const levels = chosenLevels(view);
  return [
    levels.divisionId,
    levels.termId,
    levels.departmentId,
    levels.courseId,
    view.professor !== NONE || null,
    view.status || null,
    view.deadline || null,
    view.cost || null,
    view.q || null,
    view.from || view.to || null,
  ].filter((v) => v !== null).length;
}

/** The request of the view's page. A page number without its cursor is read as page 1. */
export function sectionListBody(view: SectionView, today = new Date()): SectionListRequest {
  const levels = chosenLevels(view);
  const dates = effectiveDates({ ...view, termId: levels.termId }, today);
  const cursor = view.last
    ? { last: true }
    : view.after
      ? { after: view.after }
      : view.before
        ? { before: view.before }
        : null;
  const q = normaliseSearchString(view.q);
  return {
    ...(levels.divisionId !== null ? { divisionId: levels.divisionId } : {}),
    ...(levels.termId !== null ? { termId: levels.termId } : {}),
    ...(levels.departmentId !== null ? { departmentId: levels.departmentId } : {}),
    ...(levels.courseId !== null ? { courseId: levels.courseId } : {}),
    ...(view.professor !== NONE ? { professorId: view.professor } : {}),
    ...(view.status ? { adoptionStatus: view.status } : {}),
    ...(view.deadline ? { deadlineStatus: view.deadline } : {}),
    ...(view.cost ? { costDesignation: view.cost } : {}),
    ...(q ? { searchString: q } : {}),
    ...(dates.from ? { sectionStartDate: dates.from } : {}),
    ...(dates.to ? { sectionEndDate: dates.to } : {}),
    sortField: view.sort,
    sortDirection: view.dir,
    pageSize: DEFAULT_PAGE_SIZE,
    page: cursor ? view.page : 1,
    ...cursor,
  };
}

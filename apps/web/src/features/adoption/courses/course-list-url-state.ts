import { z } from 'zod';
import {
  COST_DESIGNATIONS,
  COURSE_SORT_FIELDS,
  DEADLINE_STATUSES,
  DEFAULT_PAGE_SIZE,
  SORT_DIRECTIONS,
  calendarDay,
  catalogDateWindow,
  catalogActionType,
} from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import { toApiDate } from '../../../lib/dates.ts';
import { normaliseSearchString } from '../../../lib/search-string.ts';
import { useUrlState } from '../../../lib/url-state.ts';

/**
 * The course list's view as URL parameters, so a filtered, sorted page of courses is a link. `q` is
 * the name the phone top bar's course search already uses (/adopt?q=).
 *
 * The dates default to empty, meaning "the standard window" (docs/behaviour/constants.md: today .. 187 days ahead):
 * the request then leaves them out and the server applies the store's today. A link without
 * dates therefore keeps meaning "from today" when it is opened next month; a link with dates
 * keeps its dates.
 */
export const courseListUrlSchema = z.object({
  q: z.string().trim().max(100),
  division: z.coerce.number().int().min(0),
  department: z.string().trim().max(50),
  course: z.string().trim().max(50),
  action: catalogActionType,
  /** Courses with a counted section in this standing against its term's adoption deadline. */
  deadline: z.enum([...DEADLINE_STATUSES, '']),
  /** Courses with a counted section of this textbook cost designation (issue 31). */
  cost: z.enum([...COST_DESIGNATIONS, '']),
  from: calendarDay,
  to: calendarDay,
  open: z.stringbool(),
  sort: z.enum(COURSE_SORT_FIELDS),
  dir: z.enum(SORT_DIRECTIONS),
  page: z.coerce.number().int().min(1),
});

export type CourseListView = z.output<typeof courseListUrlSchema>;

/** No division chosen: every division of the caller's scope. */
export const ALL_DIVISIONS = 0;

export const COURSE_LIST_DEFAULTS: CourseListView = {
  q: '',
  division: ALL_DIVISIONS,
  department: '',
  course: '',
  action: 'ALL_COURSES',
  deadline: '',
  cost: '',
  from: '',
  to: '',
  open: true,
  sort: 'nextStartDate',
  dir: 'asc',
  page: 1,
};

export function useCourseListView() {
  return useUrlState(courseListUrlSchema, COURSE_LIST_DEFAULTS);
}

/**
 * The date window a view lists, as the server reads it: unset means today .. 187 days ahead
 * (docs/behaviour/constants.md), and a window given by one end alone keeps its 187 days. Shown in the date fields,
 * so they always say which sections are counted.
 */
export function dateWindow(
  view: Pick<CourseListView, 'from' | 'to'>,
  today = new Date(),
): { from: string; to: string } {
  return catalogDateWindow(view.from, view.to, toApiDate(today));
}

export function isSearching(view: CourseListView): boolean {
  return view.q !== '';
}

/**
 * The levels of the course list filter that apply: a department only under a division, a course
 * only under a department (a hand-edited link with a course but no department is read as the
 * levels above it, not sent as a request the server would refuse).
 */
export function chosenLevels(view: CourseListView) {
  const divisionId = view.division === ALL_DIVISIONS ? null : view.division;
  const departmentCode = divisionId !== null && view.department ? view.department : null;
  const courseCode = departmentCode !== null && view.course ? view.course : null;
  return { divisionId, departmentCode, courseCode };
}

/** How many filters differ from the first view (shown on the phone's collapsed filter bar). */
export function activeFilterCount(view: CourseListView): number {
  const { divisionId, departmentCode, courseCode } = chosenLevels(view);
  return [
    divisionId !== null,
    departmentCode !== null,
    courseCode !== null,
    view.action !== COURSE_LIST_DEFAULTS.action,
    view.deadline !== '',
    view.cost !== '',
    view.from !== '' || view.to !== '',
    view.open !== COURSE_LIST_DEFAULTS.open,
  ].filter(Boolean).length;
}

/**
 * The request body of the list and of its export (the same body, so an export holds exactly
 * the courses on screen, over every page). A search overrides every filter, the dates included
 * (docs/behaviour/validation.md; the server then looks through all the caller's courses): the filters are left out
 * rather than sent and ignored, so the body says what the list shows.
 */
export function courseListBody(view: CourseListView): CourseListRequest {
  const paging = {
    page: view.page,
    coursesPerPage: DEFAULT_PAGE_SIZE,
    sortField: view.sort,
    sortDirection: view.dir,
  };
  if (isSearching(view)) {
    return { searchString: normaliseSearchString(view.q), ...paging };
  }
  const { divisionId, departmentCode, courseCode } = chosenLevels(view);
  return {
    actionType: view.action,
    ...(view.deadline ? { deadlineStatus: view.deadline } : {}),
    ...(view.cost ? { costDesignation: view.cost } : {}),
    ...(divisionId !== null ? { divisionId } : {}),
    ...(departmentCode !== null ? { departmentCode } : {}),
    ...(courseCode !== null ? { courseCode } : {}),
    ...(view.from ? { sectionStartDate: view.from } : {}),
    ...(view.to ? { sectionEndDate: view.to } : {}),
    open: view.open,
    ...paging,
  };
}

import {
  PREVIOUS_ADOPTIONS_LOOKBACK_DAYS,
  getAdoptionMaterialHistory,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  getCourseList,
  getCourseUserActions,
  getSectionsByDivisionAndCourse,
  type CourseDTO,
} from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';
import type { CourseRef } from './course-ref.ts';

const QUERY_OPTIONS = { retry: retryUnlessRefused } as const;

/** True for the server's "no such thing here" answer (a course outside the caller's scope too). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The server refused the caller this (an adoption only of sections they do not adopt for). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

function useCourseParams(course: CourseRef) {
  return { ...useCallerParams(), ...course };
}

/** What the caller may do on this course; 404 when it is missing or outside their scope. */
export function useCourseActions(course: CourseRef) {
  return useContractQuery(getCourseUserActions, { params: useCourseParams(course) }, QUERY_OPTIONS);
}

export function useCourseSections(course: CourseRef) {
  return useContractQuery(
    getSectionsByDivisionAndCourse,
    { params: useCourseParams(course) },
    QUERY_OPTIONS,
  );
}

export function useAdoptionMaterials(course: CourseRef) {
  return useContractQuery(getAdoptionMaterials, { params: useCourseParams(course) }, QUERY_OPTIONS);
}

/** docs/behaviour/constants.md: previous adoptions look back 1825 days. A 404 means there are none (docs/behaviour/messages.md). */
export function usePreviousAdoptions(course: CourseRef) {
  return useContractQuery(
    getAdoptionMaterialHistory,
    {
      params: useCourseParams(course),
      query: { startDateThreshold: PREVIOUS_ADOPTIONS_LOOKBACK_DAYS },
    },
    QUERY_OPTIONS,
  );
}

/** One adoption's history, oldest first; its messages are the MESSAGE_POSTED entries. */
export function useAdoptionHistoryItems(adoptionMaterialId: number, enabled: boolean) {
  return useContractQuery(
    getAdoptionMaterialHistoryItems,
    { params: useCallerParams(), query: { adoptionMaterialId } },
    { ...QUERY_OPTIONS, enabled: enabled && adoptionMaterialId > 0 },
  );
}

// Every section, whatever its dates: the course is found even when all its sections are old.
const ALL_TIME = { sectionStartDate: '2000-01-01', sectionEndDate: '2199-12-31' } as const;

/**
 * The header's facts (name, division, next start, adoption status) come from the catalog's
 * own row for the course, so they agree with the list the user came from. The status first
 * speaks for the sections that have not ended (the ones the sections table shows); a course
 * whose sections have all ended is looked up again over every section.
 */
export function useCourseHeader(course: CourseRef) {
  const params = useCallerParams();
  const filters = { ...course, ...ALL_TIME, coursesPerPage: 1 };
  const current = useContractQuery(
    getCourseList,
    { params, body: { ...filters, open: true } },
    QUERY_OPTIONS,
  );
  const noneCurrent = current.isSuccess && current.data.courseDTOList.length === 0;
  const ended = useContractQuery(
    getCourseList,
    { params, body: { ...filters, open: false } },
    { ...QUERY_OPTIONS, enabled: noneCurrent },
  );
  const found: CourseDTO | null =
    current.data?.courseDTOList[0] ?? ended.data?.courseDTOList[0] ?? null;
  return { course: found, isLoading: current.isLoading || ended.isLoading };
}

/** After a change: everything the course screen shows is read again. */
export function useRefreshCourse() {
  const invalidate = useInvalidateEndpoints();
  return () =>
    invalidate([
      getAdoptionMaterials,
      getSectionsByDivisionAndCourse,
      getAdoptionMaterialHistory,
      getAdoptionMaterialHistoryItems,
      getCourseList,
    ]);
}

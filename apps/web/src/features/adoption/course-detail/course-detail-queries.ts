import {
  PREVIOUS_ADOPTIONS_LOOKBACK_DAYS,
  getAdoptionMaterialHistory,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  getCourseCostGaps,
  getCourseList,
  getCourseUserActions,
  getSectionsByDivisionAndCourse,
  type CourseDTO,
  type Endpoint,
  type courseParams,
} from '@csp/contracts';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { ApiInput } from '../../../lib/api-client.ts';
import {
  retryUnlessRefused,
  useCallerParams,
  useCallerQuery,
  useContractQuery,
} from '../../../lib/contract-query.ts';
import { useInvalidateCosts } from '../../../lib/cost-queries.ts';
import type { CourseRef } from './course-ref.ts';

/** True for the server's "no such thing here" answer (a course outside the caller's scope too). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The server refused the caller this (an adoption only of sections they do not adopt for). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

/** A query about one course: the caller's account and the course in the path. */
function useCourseQuery<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: Endpoint<typeof courseParams, Q, B, R>,
  course: CourseRef,
  input: Omit<ApiInput<typeof courseParams, Q, B>, 'params'> = {},
) {
  const params = { ...useCallerParams(), ...course };
  return useContractQuery(endpoint, { ...input, params }, { retry: retryUnlessRefused });
}

/** What the caller may do on this course; 404 when it is missing or outside their scope. */
export function useCourseActions(course: CourseRef) {
  return useCourseQuery(getCourseUserActions, course);
}

export function useCourseSections(course: CourseRef) {
  return useCourseQuery(getSectionsByDivisionAndCourse, course);
}

export function useAdoptionMaterials(course: CourseRef) {
  return useCourseQuery(getAdoptionMaterials, course);
}

/** docs/behaviour/constants.md: previous adoptions look back 1825 days. A 404 means there are none (docs/behaviour/messages.md). */
export function usePreviousAdoptions(course: CourseRef) {
  return useCourseQuery(getAdoptionMaterialHistory, course, {
    query: { startDateThreshold: PREVIOUS_ADOPTIONS_LOOKBACK_DAYS },
  });
}

/** One adoption's history, oldest first; its messages are the MESSAGE_POSTED entries. */
export function useAdoptionHistoryItems(adoptionMaterialId: number, enabled: boolean) {
  return useCallerQuery(
    getAdoptionMaterialHistoryItems,
    { query: { adoptionMaterialId } },
    { enabled: enabled && adoptionMaterialId > 0 },
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
  const filters = { ...course, ...ALL_TIME, coursesPerPage: 1 };
  const current = useCallerQuery(getCourseList, { body: { ...filters, open: true } });
  const noneCurrent = current.isSuccess && current.data.courseDTOList.length === 0;
  const ended = useCallerQuery(
    getCourseList,
    { body: { ...filters, open: false } },
    { enabled: noneCurrent },
  );
  const found: CourseDTO | null =
    current.data?.courseDTOList[0] ?? ended.data?.courseDTOList[0] ?? null;
  return { course: found, isLoading: current.isLoading || ended.isLoading };
}

/**
 * After a change: everything the course screen shows is read again, and, since an adoption or a
 * title's kind or price changes what sections cost, every other screen showing section costs.
 */
export function useRefreshCourse() {
  const invalidateCosts = useInvalidateCosts();
  return () =>
    invalidateCosts([
      getAdoptionMaterials,
      getSectionsByDivisionAndCourse,
      getAdoptionMaterialHistory,
      getAdoptionMaterialHistoryItems,
      getCourseList,
    ]);
}

/** The course's cost gaps (issue 31, point 5): asked only by callers who may see its sections. */
export function useCourseCostGaps(course: CourseRef, enabled: boolean) {
  const params = { ...useCallerParams(), ...course };
  return useContractQuery(getCourseCostGaps, { params }, { retry: retryUnlessRefused, enabled });
}

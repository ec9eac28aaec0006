import { keepPreviousData } from '@tanstack/react-query';
import {
  getAdoptionCourses,
  getAdoptionDepartments,
  getAdoptionDivisions,
  getCatalogActionList,
  getCourseList,
} from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

// The pickers change rarely; reopening the filters need not ask again.
const REFERENCE_DATA = { staleTime: 5 * 60_000, retry: false } as const;

/**
 * One page of the course list. The previous page stays on screen while the next loads, so a new
 * sort or page dims the grid under a progress bar instead of emptying it.
 */
export function useCourseList(body: CourseListRequest) {
  return useContractQuery(
    getCourseList,
    { params: useCallerParams(), body },
    { placeholderData: keepPreviousData, retry: retryUnlessRefused },
  );
}

export function useCourseActionTypes() {
  return useContractQuery(getCatalogActionList, { params: useCallerParams() }, REFERENCE_DATA);
}

export function useAdoptionDivisions() {
  return useContractQuery(getAdoptionDivisions, { params: useCallerParams() }, REFERENCE_DATA);
}

/** docs/behaviour/validation.md: departments load only once a division is chosen. */
export function useAdoptionDepartments(divisionId: number | null) {
  return useContractQuery(
    getAdoptionDepartments,
    { params: useCallerParams(), query: { divisionId: divisionId ?? 0 } },
    { ...REFERENCE_DATA, enabled: divisionId !== null },
  );
}

/** docs/behaviour/validation.md: courses load only once a department is chosen. */
export function useAdoptionCourses(divisionId: number | null, departmentCode: string | null) {
  return useContractQuery(
    getAdoptionCourses,
    {
      params: useCallerParams(),
      query: { divisionId: divisionId ?? 0, departmentCode: departmentCode ?? '' },
    },
    { ...REFERENCE_DATA, enabled: divisionId !== null && departmentCode !== null },
  );
}

import { keepPreviousData } from '@tanstack/react-query';
import {
  getResearchCourses,
  getResearchDepartments,
  getResearchDivisions,
  getResearchProfessors,
  getResearchTerms,
  getSectionDetail,
  getSectionMaterials,
  getStudentRequiredMaterials,
  sectionList,
} from '@csp/contracts';
import type { SectionListRequest } from '@csp/contracts';
import {
  contractQueryKey,
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

// The filter's lookups change rarely; reopening the page need not ask again.
const LOOKUP = { staleTime: 5 * 60_000, retry: false } as const;

export function useResearchDivisions() {
  return useContractQuery(getResearchDivisions, { params: useCallerParams() }, LOOKUP);
}

/** Each level loads only once the level above is chosen. */
export function useResearchTerms(divisionId: number | null) {
  return useContractQuery(
    getResearchTerms,
    { params: useCallerParams(), query: { divisionId: divisionId ?? 0 } },
    { ...LOOKUP, enabled: divisionId !== null },
  );
}

export function useResearchDepartments(termId: number | null) {
  return useContractQuery(
    getResearchDepartments,
    { params: useCallerParams(), query: { termId: termId ?? 0 } },
    { ...LOOKUP, enabled: termId !== null },
  );
}

export function useResearchCourses(departmentId: number | null, termId: number | null) {
  return useContractQuery(
    getResearchCourses,
    {
      params: useCallerParams(),
      query: { departmentId: departmentId ?? 0, ...(termId !== null ? { termId } : {}) },
    },
    { ...LOOKUP, enabled: departmentId !== null },
  );
}

/**
 * Professors matching what is typed, plus the one already picked (from a link), so the picker
 * can name it. The previous answer stays while the next loads, so options do not flicker.
 */
export function useResearchProfessors(search: string, professorId: number | null) {
  return useContractQuery(
    getResearchProfessors,
    {
      params: useCallerParams(),
      query: {
        ...(search ? { search } : {}),
        ...(professorId !== null ? { professorId } : {}),
      },
    },
    { ...LOOKUP, placeholderData: keepPreviousData },
  );
}

type SectionListKey = ReturnType<typeof contractQueryKey>;

const PAGING_KEYS = new Set(['page', 'after', 'before', 'last', 'sortField', 'sortDirection']);

function filtersOf(key: SectionListKey | undefined): string {
  const body = (key?.[3] as { body?: Record<string, unknown> } | undefined)?.body ?? {};
  return JSON.stringify(
    Object.entries(body)
      .filter(([k]) => !PAGING_KEYS.has(k))
      .sort(),
  );
}

/**
 * One page of sections. Each body is its own query: a new one leaves the older request with
 * no observer, and TanStack aborts it through the signal useContractQuery hands to fetch, so
 * an older answer can never be shown for a newer search. While another page or sort of the
 * same filters loads, the rows on screen stay (dimmed); new filters show none until their own
 * answer, and a failure shows none at all (docs/behaviour/messages.md).
 */
export function useSectionList(body: SectionListRequest) {
  const input = { params: useCallerParams(), body };
  const filters = filtersOf(contractQueryKey(sectionList, input));
  return useContractQuery(sectionList, input, {
    placeholderData: (previous, previousQuery) =>
      previousQuery && filtersOf(previousQuery.queryKey) === filters ? previous : undefined,
    retry: retryUnlessRefused,
  });
}

export function useSectionDetail(sectionId: number) {
  return useContractQuery(
    getSectionDetail,
    { params: useCallerParams(), query: { sectionId } },
    { retry: retryUnlessRefused },
  );
}

export function useSectionMaterials(sectionId: number) {
  return useContractQuery(
    getSectionMaterials,
    { params: useCallerParams(), query: { sectionId } },
    { retry: retryUnlessRefused },
  );
}

/** A student's materials for one section; a 404 naming sectionId: not enrolled in it. */
export function useSectionStudentMaterials(customerId: number, sectionId: number) {
  return useContractQuery(
    getStudentRequiredMaterials,
    { params: useCallerParams(), query: { customerId, sectionId } },
    { retry: retryUnlessRefused },
  );
}

import {
  getIaDashboard,
  getIaParticipants,
  getIaProgram,
  getIaSectionCandidates,
  getIaTermPrograms,
  getIaTerms,
  saveIaProgram,
  setIaTermDates,
  type IaProgramBody,
  type IaTermDatesBody,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
  useContractQuery,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

/** Every read whose figures a program or a term's dates change. */
const PROGRAM_READS = [
  getIaTerms,
  getIaDashboard,
  getIaTermPrograms,
  getIaSectionCandidates,
  getIaProgram,
  getIaParticipants,
];

/** The terms not yet ended with their dates and program figures. */
export function useIaTerms() {
  return useCallerQuery(getIaTerms);
}

/** Each division's current (else next) term's inclusive access, for the dashboard. */
export function useIaDashboard(enabled: boolean) {
  return useCallerQuery(getIaDashboard, {}, { enabled });
}

export function useIaTermPrograms(termId: number, page: number, pageSize: number) {
  const params = { ...useCallerParams(), termId };
  return useContractQuery(getIaTermPrograms, { params, query: { page, pageSize } });
}

export function useIaSectionCandidates(termId: number, search: string, enabled: boolean) {
  const params = { ...useCallerParams(), termId };
  return useContractQuery(getIaSectionCandidates, { params, query: { search } }, { enabled });
}

export function useIaProgram(sectionId: number | null) {
  const params = { ...useCallerParams(), sectionId: sectionId ?? 0 };
  return useContractQuery(getIaProgram, { params }, { enabled: sectionId !== null });
}

export function useIaParticipants(sectionId: number | null) {
  const params = { ...useCallerParams(), sectionId: sectionId ?? 0 };
  return useContractQuery(getIaParticipants, { params }, { enabled: sectionId !== null });
}

/** Sets a term's dates; every figure shown is asked again after. */
export function useSetIaTermDates(termId: number) {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const mutation = useContractMutation(setIaTermDates, {
    onSuccess: () => invalidate(PROGRAM_READS),
  });
  return {
    save: (body: IaTermDatesBody) => mutation.mutateAsync({ params: { ...params, termId }, body }),
    saving: mutation.isPending,
  };
}

/** Saves a section's program (no materials: it leaves); the lists are asked again after. */
export function useSaveIaProgram(sectionId: number) {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const mutation = useContractMutation(saveIaProgram, {
    onSuccess: () => invalidate(PROGRAM_READS),
  });
  return {
    save: (body: IaProgramBody) => mutation.mutateAsync({ params: { ...params, sectionId }, body }),
    saving: mutation.isPending,
  };
}

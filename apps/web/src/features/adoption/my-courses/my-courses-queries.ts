import {
  adoptSameAsLastTime,
  getAdoptionMaterials,
  getSectionsByDivisionAndCourse,
  getMyCourses,
  type AdoptSameAsLastTimeBody,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';
import { useInvalidateCosts } from '../../../lib/cost-queries.ts';

/** The caller's own sections of the coming terms, by course (read as the page opens). */
export function useMyCourses() {
  return useCallerQuery(getMyCourses);
}

/**
 * "Adopt the same as last time" for some sections of one course. On success the list, and the
 * course screens that show adoptions, are read again: the sections then show as adopted.
 */
export function useAdoptSameAsLastTime() {
  const params = useCallerParams();
  const invalidateCosts = useInvalidateCosts();
  // New adoptions change what the sections cost: every screen showing costs asks again too.
  const mutation = useContractMutation(adoptSameAsLastTime, {
    onSuccess: () =>
      invalidateCosts([getMyCourses, getAdoptionMaterials, getSectionsByDivisionAndCourse]),
  });
  return {
    adopt: (body: AdoptSameAsLastTimeBody) => mutation.mutateAsync({ params, body }),
    adopting: mutation.isPending,
  };
}

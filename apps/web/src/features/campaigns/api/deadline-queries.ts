import { useQueryClient } from '@tanstack/react-query';
import { getAdoptionDeadlines, setAdoptionDeadline, type TermDeadline } from '@csp/contracts';
import {
  contractQueryKey,
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';

/** What the list call answers: the terms and the store's today. */
export interface DeadlinesAnswer {
  terms: TermDeadline[];
  today: string;
}

/** The terms of the caller's divisions with their deadlines and counts, read as the page opens. */
export function useAdoptionDeadlines() {
  return useCallerQuery(getAdoptionDeadlines);
}

/**
 * Sets or clears one term's deadline. The answer is the term's row as the list shows it, so it
 * replaces that row in the cached list at once: no second call to see the new counts.
 */
export function useSetAdoptionDeadline(termId: number) {
  const params = useCallerParams();
  const client = useQueryClient();
  const mutation = useContractMutation(setAdoptionDeadline, {
    onSuccess: (saved) => {
      client.setQueryData<DeadlinesAnswer>(
        contractQueryKey(getAdoptionDeadlines, { params }),
        (list) =>
          list && {
            ...list,
            terms: list.terms.map((term) => (term.termId === saved.termId ? saved : term)),
          },
      );
    },
  });
  return {
    save: (deadline: string | null) =>
      mutation.mutateAsync({ params: { ...params, termId }, body: { deadline } }),
    saving: mutation.isPending,
  };
}

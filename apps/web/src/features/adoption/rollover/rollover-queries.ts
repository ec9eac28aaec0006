import { keepPreviousData } from '@tanstack/react-query';
import {
  applyRollover,
  getRolloverChoices,
  getRolloverPreview,
  getUnconfirmedRollovers,
  type RolloverQuery,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';
import { useInvalidateCosts } from '../../../lib/cost-queries.ts';

/** What the page previews: the form's choices once "Preview" is pressed. */
export interface RolloverChoice {
  divisionId: number;
  departmentId: number | null;
  targetTermId: number;
  /** Null: the latest earlier term of the target's season. */
  sourceTermId: number | null;
}

/** The choice as the preview's query and the apply's body. */
export type RolloverBody = Extract<RolloverQuery, object> & {
  divisionId: number;
  targetTermId: number;
  departmentId?: number;
  sourceTermId?: number;
};

/** The choice as the contracts' query (optional fields left out when not chosen). */
export function rolloverQueryOf(c: RolloverChoice): RolloverBody {
  return {
    divisionId: c.divisionId,
    targetTermId: c.targetTermId,
    ...(c.departmentId === null ? {} : { departmentId: c.departmentId }),
    ...(c.sourceTermId === null ? {} : { sourceTermId: c.sourceTermId }),
  };
}

/** The caller's campaign divisions with their terms and departments. */
export function useRolloverChoices() {
  return useCallerQuery(getRolloverChoices, {}, { staleTime: 60_000 });
}

/** The preview of the chosen rollover; nothing asked before the first "Preview". */
export function useRolloverPreview(choice: RolloverChoice | null) {
  return useCallerQuery(
    getRolloverPreview,
    { query: choice ? rolloverQueryOf(choice) : { divisionId: 0, targetTermId: 0 } },
    { enabled: choice !== null },
  );
}

/** Carries the previewed rollover forward; the preview and the unconfirmed list are read again. */
export function useApplyRollover() {
  const params = useCallerParams();
  const invalidateCosts = useInvalidateCosts();
  // The carried adoptions give the next term's sections their costs: those screens ask again.
  const mutation = useContractMutation(applyRollover, {
    onSuccess: () => invalidateCosts([getRolloverPreview, getUnconfirmedRollovers]),
  });
  return {
    apply: (choice: RolloverChoice) =>
      mutation.mutateAsync({ params, body: rolloverQueryOf(choice) }),
    applying: mutation.isPending,
  };
}

/** One page of the unconfirmed proposals of the chosen division, department and term. */
export function useUnconfirmed(choice: RolloverChoice, page: number) {
  return useCallerQuery(
    getUnconfirmedRollovers,
    {
      query: {
        divisionId: choice.divisionId,
        targetTermId: choice.targetTermId,
        ...(choice.departmentId === null ? {} : { departmentId: choice.departmentId }),
        page,
      },
    },
    { placeholderData: keepPreviousData },
  );
}

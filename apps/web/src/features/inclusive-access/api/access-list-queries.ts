import { useQueryClient } from '@tanstack/react-query';
import {
  createIaIntegrationToken,
  getIaIntegrationToken,
  revokeIaIntegrationToken,
  type IaIntegrationTokenState,
} from '@csp/contracts';
import {
  contractQueryKey,
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';

/** Whether the store has an integration token for its access lists, and since when. */
export function useIntegrationToken() {
  return useCallerQuery(getIaIntegrationToken);
}

/**
 * Makes (or replaces) and revokes the store's token. Each answer says the token's new state, so
 * it replaces the cached one at once; the made token itself is kept nowhere but the answer.
 */
export function useIntegrationTokenChanges() {
  const params = useCallerParams();
  const client = useQueryClient();
  const setState = (state: IaIntegrationTokenState) =>
    client.setQueryData(contractQueryKey(getIaIntegrationToken, { params }), state);
  const create = useContractMutation(createIaIntegrationToken, {
    onSuccess: (made) => setState({ createdAt: made.createdAt }),
  });
  const revoke = useContractMutation(revokeIaIntegrationToken, { onSuccess: setState });
  return {
    create: () => create.mutateAsync({ params }),
    revoke: () => revoke.mutateAsync({ params }),
    pending: create.isPending || revoke.isPending,
  };
}

import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  campaignUnsubscribe,
  getCampaignRecipients,
  getCampaignUnsubscribe,
  getTermCampaign,
  scheduleTermCampaign,
  setCampaignExclusion,
  type CampaignStepInput,
  type TermCampaign,
} from '@csp/contracts';
import {
  contractQueryKey,
  retryUnlessRefused,
  useCallerParams,
  useContractMutation,
  useContractQuery,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

/** How often a campaign whose step is going out is asked again, to show its figures grow. */
export const SENDING_POLL_MS = 2_000;

const isSending = (campaign: TermCampaign | undefined) =>
  campaign?.steps.some((step) => step.state === 'SENDING') ?? false;

function useTermParams(termId: number) {
  return { ...useCallerParams(), termId };
}

/**
 * A term's campaign. While a step is SENDING the server mails in the background, so the page
 * asks again every 2 s until no step is; then it stops asking.
 */
export function useTermCampaign(termId: number) {
  return useContractQuery(
    getTermCampaign,
    { params: useTermParams(termId) },
    {
      retry: retryUnlessRefused,
      refetchInterval: (query) => (isSending(query.state.data) ? SENDING_POLL_MS : false),
    },
  );
}

/**
 * Every change answers the whole campaign: the answer replaces the cached one at once (and
 * starts the polling when a step due today is going out), with no second call.
 */
function useCampaignWriter(termId: number) {
  const params = useTermParams(termId);
  const client = useQueryClient();
  return (saved: TermCampaign) =>
    client.setQueryData(contractQueryKey(getTermCampaign, { params }), saved);
}

export function useScheduleCampaign(termId: number) {
  const params = useTermParams(termId);
  const write = useCampaignWriter(termId);
  const mutation = useContractMutation(scheduleTermCampaign, { onSuccess: write });
  return {
    schedule: (steps: CampaignStepInput[]) => mutation.mutateAsync({ params, body: { steps } }),
    saving: mutation.isPending,
  };
}

/** Leaves a person out or takes them back; the preview's `excluded` flags are then asked again. */
export function useSetExclusion(termId: number) {
  const params = useTermParams(termId);
  const write = useCampaignWriter(termId);
  const invalidate = useInvalidateEndpoints();
  const mutation = useContractMutation(setCampaignExclusion, {
    onSuccess: async (saved) => {
      write(saved);
      await invalidate([getCampaignRecipients]);
    },
  });
  return {
    setExcluded: (email: string, excluded: boolean) =>
      mutation.mutateAsync({ params, body: { email, excluded } }),
    /** The address being changed, so only its button waits. */
    pendingEmail: mutation.isPending ? mutation.variables.body?.email : undefined,
  };
}

/** Who the next reminder would mail; the last answer stays on screen while a new search loads. */
export function useCampaignRecipients(termId: number, search: string) {
  return useContractQuery(
    getCampaignRecipients,
    { params: useTermParams(termId), query: { search } },
    { retry: retryUnlessRefused, placeholderData: keepPreviousData },
  );
}

/**
 * What an unsubscribe link would stop. Only read: a mail scanner that follows the link must
 * never unsubscribe anyone, so the change is the button's POST alone.
 */
export function useUnsubscribeLink(token: string) {
  return useContractQuery(
    getCampaignUnsubscribe,
    { query: { token } },
    { retry: retryUnlessRefused, staleTime: Infinity, enabled: token !== '' },
  );
}

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  const mutation = useContractMutation(campaignUnsubscribe, {
    onSuccess: (answer) =>
      client.setQueryData(contractQueryKey(getCampaignUnsubscribe, { query: { token } }), answer),
  });
  return {
    unsubscribe: () => mutation.mutateAsync({ body: { token } }),
    pending: mutation.isPending,
    error: mutation.error,
  };
}

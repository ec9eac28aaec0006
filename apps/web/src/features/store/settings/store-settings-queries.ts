import { useQueryClient } from '@tanstack/react-query';
import {
  getStoreSettings,
  updateStoreSettings,
  updateWebsiteBranding,
  updateWebsiteSso,
  type StoreSettings,
  type StoreSettingsAnswer,
  type WebsiteBranding,
  type WebsiteSsoInput,
} from '@csp/contracts';
import {
  contractQueryKey,
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';

/** The store's settings, websites and history: read as the page opens, and after each save. */
export function useStoreSettings() {
  return useCallerQuery(getStoreSettings);
}

/** Every save answers the whole screen again: the answer replaces the cached one at once. */
function useKeepAnswer() {
  const params = useCallerParams();
  const client = useQueryClient();
  return (answer: StoreSettingsAnswer) => {
    client.setQueryData(contractQueryKey(getStoreSettings, { params }), answer);
  };
}

/** Saves the whole settings object, named by the version it was made on (409 when stale). */
export function useUpdateStoreSettings() {
  const params = useCallerParams();
  const keep = useKeepAnswer();
  const mutation = useContractMutation(updateStoreSettings, { onSuccess: keep });
  return (settings: StoreSettings, version: string) =>
    mutation.mutateAsync({ params, body: { settings, version } });
}

/** Saves one website's names, colours and public address. */
export function useUpdateWebsiteBranding(websiteId: number) {
  const params = useCallerParams();
  const keep = useKeepAnswer();
  const mutation = useContractMutation(updateWebsiteBranding, { onSuccess: keep });
  return {
    save: (branding: WebsiteBranding) =>
      mutation.mutateAsync({ params: { ...params, websiteId }, body: { branding } }),
    saving: mutation.isPending,
  };
}

/** Turns one website's single sign-on on (from metadata or typed fields), changes it, or off. */
export function useUpdateWebsiteSso(websiteId: number) {
  const params = useCallerParams();
  const keep = useKeepAnswer();
  const mutation = useContractMutation(updateWebsiteSso, { onSuccess: keep });
  return {
    save: (sso: WebsiteSsoInput) =>
      mutation.mutateAsync({ params: { ...params, websiteId }, body: { sso } }),
    saving: mutation.isPending,
  };
}

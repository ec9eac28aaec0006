import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { WebsiteInfo } from '@csp/contracts';
import { SAML_LOGOUT_URL } from '../../features/saml/index.ts';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { WEBSITE_QUERY_KEY } from '../../platform/website/website-query.ts';
import { useSessionStore } from '../../platform/session/session-context.tsx';

/** docs/behaviour/flows.md: with single logout on a SAML site the provider logs the user out everywhere. */
export function logoutDestination(website: Pick<WebsiteInfo, 'ssoType' | 'sloEnabled'> | null) {
  return website?.ssoType === 'SAML' && website.sloEnabled
    ? { external: true, href: SAML_LOGOUT_URL }
    : { external: false, href: '/login' };
}

export function useLogout(): () => Promise<void> {
  const store = useSessionStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { website } = useWebsite();
  return useCallback(async () => {
    const destination = logoutDestination(website);
    await store.logout(async () => {
      // Data fetched for this user must not be shown to whoever signs in next.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== WEBSITE_QUERY_KEY });
      if (destination.external) {
        window.location.assign(destination.href);
        return 'unloading';
      }
      // Rendered at once, so the login page is showing before the guard stops waiting.
      await navigate(destination.href, { replace: true, flushSync: true });
    });
  }, [store, navigate, queryClient, website]);
}

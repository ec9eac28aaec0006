import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotificationStore } from '../../platform/notifications/notification-context.tsx';
import type { RouteMeta } from '../../platform/routes/route-meta.ts';
import { useSession, useSessionStore } from '../../platform/session/session-context.tsx';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { decideNavigation, ssoFailureUrl } from './guard-decision.ts';
import type { GuardDecision } from './guard-decision.ts';

/**
 * Runs docs/behaviour/routes-and-guard.md#route-guard for the current route and carries out its decision. Returns the
 * decision so the layout knows whether to show the page or a loading state.
 */
export function useRouteGuard(meta: RouteMeta): GuardDecision {
  const location = useLocation();
  const navigate = useNavigate();
  const website = useWebsite();
  const session = useSession();
  const sessionStore = useSessionStore();
  const notifications = useNotificationStore();

  const computed = decideNavigation({
    route: meta,
    websiteReady: website.ready,
    website: website.website,
    session,
    location,
    stored: session.stored,
  });
  // The decision is plain data: keyed by its JSON so the effect runs once per distinct decision.
  const key = JSON.stringify(computed);
  const decision = useMemo(() => JSON.parse(key) as GuardDecision, [key]);

  useEffect(() => {
    switch (decision.kind) {
      case 'redirect':
        if (decision.notice) {
          notifications.notifyAfterNavigation({ type: 'error', message: decision.notice });
        }
        void navigate(decision.to, { replace: true });
        break;
      case 'auto-login':
        // On failure the store clears the credentials; the next decision is the login page.
        sessionStore.resume().catch(() => undefined);
        break;
      case 'sso-ticket':
        if (sessionStore.hasAttemptedTicket(decision.ticket)) break;
        sessionStore.completeSso(decision.ticket, decision.userAccountId).then(
          () => navigate(decision.cleanPath, { replace: true }),
          () => navigate(ssoFailureUrl(decision.cleanPath), { replace: true }),
        );
        break;
      default:
        break;
    }
  }, [decision, navigate, notifications, sessionStore]);

  return decision;
}

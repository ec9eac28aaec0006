import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import Box from '@mui/material/Box';
import { PageLoader } from '../../platform/feedback/page-loader.tsx';
import { useRouteGuard } from '../guard/use-route-guard.ts';
import type { GuardDecision } from '../guard/guard-decision.ts';
import { NotificationToasts } from '../../platform/notifications/notification-toasts.tsx';
import { useNotificationStore } from '../../platform/notifications/notification-context.tsx';
import { mergeRouteMeta, type RouteHandle } from '../../platform/routes/route-meta.ts';
import { useSession, useSessionStore } from '../../platform/session/session-context.tsx';
import { documentTitle, siteTitleOf } from '../../platform/title/document-title.ts';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { MainContent } from './main-content.tsx';

// The navigation (drawer, app bars, user menu, tooltips) is loaded only for pages that show it:
// /login and the password reset never need it. The load starts as soon as the route asks for
// navigation, while the guard still waits for the website and session, so it does not delay the
// page after them.
const loadAppShell = () => import('./app-shell.tsx');
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));

function loaderLabel(decision: GuardDecision, signingOut: boolean): string {
  if (decision.kind === 'wait' && decision.reason === 'website') return 'Loading the store website';
  if (signingOut) return 'Signing you out';
  if (decision.kind === 'wait' || decision.kind === 'auto-login') return 'Signing you in';
  if (decision.kind === 'sso-ticket') return 'Completing single sign-on';
  return 'Loading';
}

/** A page without navigation: /login, the password reset, and the wait before the guard allows. */
function BareFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <MainContent>{children}</MainContent>
    </Box>
  );
}

/** The root route: guard, document title, navigation effects, shell and toasts. */
export function RootLayout() {
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const meta = mergeRouteMeta(handles.map((handle) => handle?.meta));
  const location = useLocation();
  const { website } = useWebsite();
  const notifications = useNotificationStore();
  const sessionStore = useSessionStore();
  // docs/behaviour/routes-and-guard.md#route-guard step 4, and a token that expired while the page sat open is noticed on navigation.
  // Declared before the guard so it runs first: a notice the guard queues for its redirect must
  // survive this navigation and show after the redirect's own.
  useEffect(() => {
    notifications.onNavigation();
    sessionStore.expireIfStale();
  }, [location.key, notifications, sessionStore]);
  const decision = useRouteGuard(meta);
  const { signingOut } = useSession();

  const title = documentTitle(meta, website);
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (meta.navigation) void loadAppShell();
  // The page’s own code is fetched alongside, not after the guard and the shell.
  void handles.at(-1)?.preloadPage?.();
  const allowed = decision.kind === 'allow';
  const content = allowed ? <Outlet /> : <PageLoader label={loaderLabel(decision, signingOut)} />;

  return (
    <>
      {allowed && meta.navigation ? (
        <Suspense fallback={<BareFrame>{<PageLoader label="Loading page" />}</BareFrame>}>
          <AppShell title={meta.title ?? siteTitleOf(website)}>{content}</AppShell>
        </Suspense>
      ) : (
        <BareFrame>{content}</BareFrame>
      )}
      <Box role="region" aria-label="Notifications">
        <NotificationToasts />
      </Box>
    </>
  );
}

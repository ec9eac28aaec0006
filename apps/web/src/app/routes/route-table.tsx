import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { FEATURES } from '../feature-registry.ts';
import type { FeatureRoute } from '../../platform/feature-types.ts';
import type { RouteHandle } from '../../platform/routes/route-meta.ts';
import { PageFrame } from '../feedback/page-frame.tsx';
import { RootErrorPage } from '../feedback/root-error-page.tsx';
import { RootLayout } from '../shell/root-layout.tsx';
import { UnknownPathRedirect } from './unknown-path-redirect.tsx';

/** A feature's route as the router needs it: the page inside the app's frame. */
export function toRouteObject(route: FeatureRoute): RouteObject {
  const element = route.redirectTo ? (
    <Navigate to={route.redirectTo} replace />
  ) : route.page ? (
    <PageFrame
      page={route.page}
      // Pages without navigation put their heading in a card of their own (login, the LTI
      // landings): their loading state keeps the plain spinner.
      title={route.meta?.navigation ? route.meta.title : undefined}
    />
  ) : undefined;
  const handle: RouteHandle = { meta: route.meta, preloadPage: route.page?.preload };
  const common = { id: route.id, handle, element };
  if (route.index) return { ...common, index: true };
  return { ...common, path: route.path, children: route.children?.map(toRouteObject) };
}

/**
 * Every route of docs/behaviour/routes-and-guard.md: '/' and unknown paths are the app's; each area's routes, with their
 * names, access rules and titles, come from its own entry file through the registry.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...FEATURES.flatMap((feature) => feature.routes ?? []).map(toRouteObject),
      { path: '*', element: <UnknownPathRedirect /> },
    ],
  },
];

import { Navigate, useLocation } from 'react-router';

/** docs/behaviour/routes-and-guard.md: '/dashboard?prev=<host + path>' so the dashboard can say what was not found. */
export function unknownPathTarget(host: string, pathname: string): string {
  return `/dashboard?${new URLSearchParams({ prev: host + pathname }).toString()}`;
}

export function UnknownPathRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={unknownPathTarget(window.location.host, pathname)} replace />;
}

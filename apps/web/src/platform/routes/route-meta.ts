import type { ActionName } from '@csp/contracts';

/** 'optional' is the /help rule: no login needed, but stored credentials are used when present. */
export type AuthRule = 'required' | 'optional' | 'none';

/** What the guard, the shell and the document title need to know about a route. */
export interface RouteMeta {
  /** The route name of docs/behaviour/routes-and-guard.md, where the spec gives one. */
  name?: string;
  /** Page part of the document title and the page's h1. */
  title?: string;
  auth: AuthRule;
  /** False for pages shown without the navigation bar (login, reset password). */
  navigation: boolean;
  /** Pages a logged-in user is sent away from (login). */
  guestOnly?: boolean;
  /** The user needs at least one of these actions. */
  anyOf?: readonly ActionName[];
}

/** What each route of the router carries: its rules, and how to fetch its page's code early. */
export interface RouteHandle {
  meta?: RouteMeta;
  preloadPage?: () => Promise<unknown>;
}

export const DEFAULT_ROUTE_META: RouteMeta = { auth: 'none', navigation: true };

export function routeMeta(meta: RouteMeta): RouteMeta {
  return meta;
}

/** The common case: a page with navigation that needs a login, under its spec name. */
export function signedInPage(name: string | undefined, title: string): RouteMeta {
  return { name, title, auth: 'required', navigation: true };
}

function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'auth' in value && 'navigation' in value;
}

/**
 * Combines the handles of every matched route, outermost first, so a parent's rules (such as
 * the adopt actions on /adopt) also apply to its children unless a child sets its own.
 */
export function mergeRouteMeta(handles: readonly unknown[]): RouteMeta {
  let merged: RouteMeta = DEFAULT_ROUTE_META;
  for (const handle of handles) {
    if (isRouteMeta(handle)) merged = { ...merged, ...handle, anyOf: handle.anyOf ?? merged.anyOf };
  }
  return merged;
}

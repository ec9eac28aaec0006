import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A page's lazy component, and a way to start fetching its chunk before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts the chunk's fetch (once); the app calls it while the guard still waits. */
  preload: () => Promise<unknown>;
};

/**
 * One chunk per page keeps the first load small. Pages are named exports, so this picks the
 * export by name: `lazyPage(() => import('./pages/help-page.tsx'), 'HelpPage')`.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loading: Promise<M> | undefined;
  const preload = () => (loading ??= load());
  const page = lazy(() => preload().then((module) => ({ default: module[name] as ComponentType })));
  return Object.assign(page, { preload });
}

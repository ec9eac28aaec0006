import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * One chunk per page keeps the first load small. Pages are named exports, so this picks the
 * export by name: `lazyPage(() => import('./pages/help-page.tsx'), 'HelpPage')`.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

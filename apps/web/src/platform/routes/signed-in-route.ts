import type { FeatureRoute } from '../feature-types.ts';
import { signedInPage } from './route-meta.ts';

/**
 * The common route: a page that needs a login, with navigation, whose spec name
 * (docs/behaviour/routes-and-guard.md) is also the router's route id.
 */
export function signedInRoute(
  path: string,
  name: string,
  title: string,
  page: FeatureRoute['page'],
): FeatureRoute {
  return { path, id: name, meta: signedInPage(name, title), page };
}

import type { SvgIconComponent } from '@mui/icons-material';
import type { ActionName } from '@csp/contracts';
import type { LazyPage } from './routes/lazy-page.ts';
import type { RouteMeta } from './routes/route-meta.ts';

/**
 * What a feature tells the app about itself, in its own entry file (features/<area>/index.ts).
 * The app composes these in app/feature-registry.ts; it never imports a feature's pages or
 * components directly, so an area can change inside its folder without touching the app.
 */
export interface Feature {
  routes?: readonly FeatureRoute[];
  /** In the order they appear in the drawer; the registry's order orders the features. */
  navItems?: readonly FeatureNavItem[];
  /** Entries of the app bar's user menu, above Logout. */
  userMenuItems?: readonly FeatureUserMenuItem[];
}

/**
 * A route below '/', as data: the app wraps each page in its frame (loading state, error
 * boundary), so features describe pages and the app decides how they are shown.
 */
export interface FeatureRoute {
  /** Relative to the root, e.g. 'research/section/:id'; absent for an index route. */
  path?: string;
  index?: boolean;
  /** The spec's route name (docs/behaviour/routes-and-guard.md), used as the router's route id. */
  id?: string;
  meta?: RouteMeta;
  /** A lazy page (see lazyPage), so each page is its own chunk. */
  page?: LazyPage;
  /** An alias of the spec that sends the browser elsewhere, replacing the history entry. */
  redirectTo?: string;
  children?: readonly FeatureRoute[];
}

/** Who a drawer item is for (docs/behaviour/routes-and-guard.md#navigation-drawer). */
export type NavAudience = 'signed-in' | 'signed-out' | 'everyone';

export interface FeatureNavItem {
  /** Stable id, used by tests and as the React key. */
  id: string;
  label: string;
  to: string;
  icon: SvgIconComponent;
  audience: NavAudience;
  /** Shown only to a user holding at least one of these actions. */
  anyOf?: readonly ActionName[];
  /** Heading the item sits under in the expanded drawer. */
  group?: string;
}

export interface FeatureUserMenuItem {
  label: string;
  icon: SvgIconComponent;
  /** The link for the signed-in user, e.g. their own permissions. */
  to: (user: { userName: string }) => string;
  anyOf?: readonly ActionName[];
}

import type { SvgIconComponent } from '@mui/icons-material';
import LogoutIcon from '@mui/icons-material/Logout';
import type { ActionName } from '@csp/contracts';
import { hasAnyAction } from '../../lib/actions.ts';
import { FEATURES } from '../feature-registry.ts';
import type { FeatureNavItem } from '../../platform/feature-types.ts';

export interface NavItem {
  id: string;
  label: string;
  icon: SvgIconComponent;
  /** Link target; absent for Logout, which is an action rather than a page. */
  to?: string;
  /** Heading the item sits under in the expanded drawer. */
  group?: string;
}

// Logout belongs to the session, not to an area, so the shell adds it after every feature's.
const LOGOUT: NavItem = { id: 'logout', label: 'Logout', icon: LogoutIcon };

const FEATURE_ITEMS: readonly FeatureNavItem[] = FEATURES.flatMap((f) => f.navItems ?? []);

const ITEMS_BY_ID = new Map<string, NavItem>(
  [...FEATURE_ITEMS, LOGOUT].map((item) => [item.id, item]),
);

export function navItem(id: string): NavItem {
  const item = ITEMS_BY_ID.get(id);
  if (!item) throw new Error(`No navigation item ${id}`);
  return item;
}

function isShown(item: FeatureNavItem, loggedIn: boolean, actions: readonly ActionName[]) {
  if (item.audience === 'signed-in' && !loggedIn) return false;
  if (item.audience === 'signed-out' && loggedIn) return false;
  return !item.anyOf || hasAnyAction(actions, item.anyOf);
}

/** The drawer table of docs/behaviour/routes-and-guard.md, in display order: the ids of the items this user sees. */
export function visibleNavItems(loggedIn: boolean, actions: readonly ActionName[]): string[] {
  const ids = FEATURE_ITEMS.filter((item) => isShown(item, loggedIn, actions)).map((i) => i.id);
  return loggedIn ? [...ids, LOGOUT.id] : ids;
}

/** An item is current on its own page and on the pages beneath it. */
export function isCurrentItem(item: NavItem, pathname: string): boolean {
  if (!item.to) return false;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The full name, used as tooltip and accessible name when the drawer shows icons only. */
export function fullLabel(item: NavItem): string {
  return item.group ? `${item.group}: ${item.label}` : item.label;
}

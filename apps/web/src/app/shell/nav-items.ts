import { ADOPT_ACTIONS } from '@csp/contracts';
import type { ActionName } from '@csp/contracts';
import { hasAnyAction } from '../../lib/actions.ts';

export type NavItemId =
  | 'dashboard'
  | 'research'
  | 'students'
  | 'adopt'
  | 'data-summary'
  | 'funding'
  | 'permissions'
  | 'help'
  | 'logout'
  | 'login';

export interface NavItem {
  id: NavItemId;
  label: string;
  /** Link target; absent for Logout, which is an action rather than a page. */
  to?: string;
  /** Heading the item sits under in the expanded drawer. */
  group?: string;
}

export const NAV_ITEMS: Record<NavItemId, NavItem> = {
  dashboard: { id: 'dashboard', label: 'Dashboard', to: '/dashboard' },
  research: { id: 'research', label: 'Section Research', to: '/research' },
  students: { id: 'students', label: 'Student Search', to: '/search' },
  adopt: { id: 'adopt', label: 'Adopt', to: '/adopt' },
  'data-summary': { id: 'data-summary', label: 'Data Summary', to: '/data-summary' },
  funding: { id: 'funding', label: 'Funding Management', to: '/funding-management' },
  permissions: {
    id: 'permissions',
    label: 'Permissions',
    to: '/settings/permissions',
    group: 'Settings',
  },
  help: { id: 'help', label: 'Help', to: '/help' },
  logout: { id: 'logout', label: 'Logout' },
  login: { id: 'login', label: 'Login', to: '/login' },
};

/** The drawer table of spec §2, in display order. */
export function visibleNavItems(loggedIn: boolean, actions: readonly ActionName[]): NavItemId[] {
  if (!loggedIn) return ['help', 'login'];
  const items: NavItemId[] = ['dashboard', 'research', 'students'];
  if (hasAnyAction(actions, ADOPT_ACTIONS)) items.push('adopt');
  if (actions.includes('DATA_MANAGER')) items.push('data-summary');
  if (actions.includes('MANAGE_VOUCHERS')) items.push('funding');
  if (hasAnyAction(actions, ['ASSIGN_PERMISSIONS', 'CREATE_USER'])) items.push('permissions');
  items.push('help', 'logout');
  return items;
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

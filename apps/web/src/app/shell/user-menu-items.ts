import type { SvgIconComponent } from '@mui/icons-material';
import type { ActionName } from '@csp/contracts';
import { hasAnyAction } from '../../lib/actions.ts';
import { FEATURES } from '../feature-registry.ts';

export interface UserMenuLink {
  label: string;
  to: string;
  icon: SvgIconComponent;
}

/**
 * The links areas add to the user menu (e.g. My Permissions), for this user; Logout is the
 * shell's own and always follows them.
 */
export function userMenuLinks(
  user: { userName: string },
  actions: readonly ActionName[],
): UserMenuLink[] {
  return FEATURES.flatMap((feature) => feature.userMenuItems ?? [])
    .filter((item) => !item.anyOf || hasAnyAction(actions, item.anyOf))
    .map((item) => ({ label: item.label, to: item.to(user), icon: item.icon }));
}

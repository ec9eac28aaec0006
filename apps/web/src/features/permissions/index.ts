import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ActionName } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

const PERMISSION_ACTIONS: readonly ActionName[] = ['ASSIGN_PERMISSIONS', 'CREATE_USER'];
const SETTINGS_PERMISSIONS = '/settings/permissions';

/** Settings > Permissions: find a user, their roles, add roles, create accounts (docs/behaviour/routes-and-guard.md). */
export const permissionsFeature: Feature = {
  routes: [
    { path: 'settings', redirectTo: SETTINGS_PERMISSIONS },
    {
      path: 'settings/permissions',
      id: 'SettingsPermissions',
      // Every signed-in user may see their own roles; the page shows the rest by action.
      meta: routeMeta(signedInPage('SettingsPermissions', 'Permissions')),
      page: lazyPage(
        () => import('./pages/settings-permissions-page.tsx'),
        'SettingsPermissionsPage',
      ),
    },
  ],
  navItems: [
    {
      id: 'permissions',
      label: 'Permissions',
      to: SETTINGS_PERMISSIONS,
      icon: AdminPanelSettingsIcon,
      audience: 'signed-in',
      anyOf: PERMISSION_ACTIONS,
      group: 'Settings',
    },
  ],
  userMenuItems: [
    {
      // The page's own 'My Permissions' shortcut, as a link: `?q=` is the user looked up.
      label: 'My Permissions',
      icon: AdminPanelSettingsIcon,
      // For everyone: one's own roles are readable without any permission action.
      to: ({ userName }) => `${SETTINGS_PERMISSIONS}?${new URLSearchParams({ q: userName })}`,
    },
  ],
};

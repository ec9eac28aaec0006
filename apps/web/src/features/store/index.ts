import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ActionName } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

// The server answers only MANAGE_STORE held store-wide, and the role that holds it is store-wide
// only (ADR 0040), so holding the action is holding it store-wide.
const STORE_ACTIONS: readonly ActionName[] = ['MANAGE_STORE'];
const SETTINGS_STORE = '/settings/store';

/** Settings > Store settings (issue 29): the store's own settings, websites and their history. */
export const storeFeature: Feature = {
  routes: [
    {
      path: 'settings/store',
      id: 'SettingsStore',
      meta: routeMeta({ ...signedInPage('SettingsStore', 'Store settings'), anyOf: STORE_ACTIONS }),
      page: lazyPage(() => import('./pages/store-settings-page.tsx'), 'StoreSettingsPage'),
    },
  ],
  navItems: [
    {
      id: 'store-settings',
      label: 'Store settings',
      to: SETTINGS_STORE,
      icon: StorefrontIcon,
      audience: 'signed-in',
      anyOf: STORE_ACTIONS,
      group: 'Settings',
    },
  ],
};

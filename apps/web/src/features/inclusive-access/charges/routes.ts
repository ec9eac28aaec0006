import { IA_ACTIONS } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../../platform/routes/route-meta.ts';

/**
 * Charge files (issue 32, point 4): a term's files and the store's layout. Reached from the
 * term's inclusive access page (no drawer entry: a term is chosen there first); the panel
 * ChargeFilesPanel (charge-files-panel.tsx) may also be shown on that page.
 */
export const routes: readonly FeatureRoute[] = [
  {
    path: 'inclusive-access/terms/:termId/charges',
    id: 'InclusiveAccessCharges',
    meta: routeMeta({
      ...signedInPage('InclusiveAccessCharges', 'Charge files'),
      anyOf: IA_ACTIONS,
    }),
    page: lazyPage(() => import('./ia-charges-page.tsx'), 'IaChargesPage'),
  },
];
export const navItems: readonly FeatureNavItem[] = [];

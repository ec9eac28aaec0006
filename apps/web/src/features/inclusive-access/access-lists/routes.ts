import type { ActionName } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../../platform/routes/route-meta.ts';

// The token is the store's (createIaIntegrationToken): store-wide holders of either action
// manage it; the server refuses a scoped grant and the page then says so.
const TOKEN_ACTIONS: readonly ActionName[] = ['MANAGE_INCLUSIVE_ACCESS', 'MANAGE_STORE'];

/** The integration token's page (the programs' pages link to it). */
export const INTEGRATION_PAGE_PATH = '/inclusive-access/integration';

/**
 * Access lists (issue 32, point 5): the integration token's page. A program row's CSV download
 * is the component AccessListDownload (access-list-download.tsx), placed by the term's page.
 */
export const routes: readonly FeatureRoute[] = [
  {
    path: INTEGRATION_PAGE_PATH.slice(1),
    id: 'InclusiveAccessIntegration',
    meta: routeMeta({
      ...signedInPage('InclusiveAccessIntegration', 'Access list integration'),
      anyOf: TOKEN_ACTIONS,
    }),
    page: lazyPage(() => import('./integration-token-page.tsx'), 'IntegrationTokenPage'),
  },
];

/**
 * No drawer entry of its own: the page is set up once per store. The programs' pages link to it
 * (INTEGRATION_PAGE_PATH).
 */
export const navItems: readonly FeatureNavItem[] = [];

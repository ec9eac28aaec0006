import { LTI_PAGES } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../../platform/routes/route-meta.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

/**
 * The dynamic registration page: opened by a learning platform (in its frame or a window of
 * its own), public, without the staff's navigation. The registrations themselves are a section
 * of the store settings screen (LtiPlatformsSection).
 */
export const routes: readonly FeatureRoute[] = [
  {
    path: LTI_PAGES.register.slice(1),
    id: 'LtiRegister',
    meta: routeMeta({ title: T.registerTitle, auth: 'none', navigation: false }),
    page: lazyPage(() => import('./registration-page.tsx'), 'LtiRegistrationPage'),
  },
];
export const navItems: readonly FeatureNavItem[] = [];

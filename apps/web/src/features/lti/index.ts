import { lazy } from 'react';
import type { Feature } from '../../platform/feature-types.ts';
import * as landing from './landing/routes.ts';
import * as registrations from './registrations/routes.ts';

/**
 * Launch from a learning platform (LTI 1.3, issue 33): the pages a launch lands on (landing/)
 * and the store's platform registrations (registrations/). Each sub-area lists its own pages.
 */
const SUB_AREAS = [landing, registrations];

export const ltiFeature: Feature = {
  routes: SUB_AREAS.flatMap((area) => area.routes),
  navItems: SUB_AREAS.flatMap((area) => area.navItems),
};

/**
 * The store settings screen's "Learning platforms (LTI 1.3)" section, loaded with that screen
 * only (render it inside Suspense).
 */
export const LtiPlatformsSection = lazy(() =>
  import('./registrations/lti-platforms-section.tsx').then((m) => ({
    default: m.LtiPlatformsSection,
  })),
);

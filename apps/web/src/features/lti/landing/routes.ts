import { LTI_PAGES } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../../platform/routes/route-meta.ts';
import { LANDING_TEXT as T } from './landing-text.ts';

/** Public, no sign-in, no navigation: shown inside the learning platform's frame. */
const framed = (title: string) => routeMeta({ title, auth: 'none', navigation: false });

/**
 * The pages a launch from a learning platform lands on (issue 33): public, shown inside the
 * platform's frame without the staff's navigation, like the student page.
 */
export const routes: readonly FeatureRoute[] = [
  {
    path: LTI_PAGES.refused.slice(1),
    id: 'LtiRefused',
    meta: framed(T.refusedTitle),
    page: lazyPage(() => import('./launch-outcome-pages.tsx'), 'LtiRefusedPage'),
  },
  {
    path: LTI_PAGES.noAccess.slice(1),
    id: 'LtiNoAccess',
    meta: framed(T.noAccessTitle),
    page: lazyPage(() => import('./launch-outcome-pages.tsx'), 'LtiNoAccessPage'),
  },
  {
    path: LTI_PAGES.courseNotFound.slice(1),
    id: 'LtiCourseNotFound',
    meta: framed(T.courseNotFoundTitle),
    page: lazyPage(() => import('./launch-outcome-pages.tsx'), 'LtiCourseNotFoundPage'),
  },
  {
    path: `${LTI_PAGES.courseMaterials.slice(1)}/:sectionId`,
    id: 'LtiCourseMaterials',
    meta: framed(T.materialsTitle),
    page: lazyPage(() => import('./course-materials-page.tsx'), 'CourseMaterialsPage'),
  },
  {
    path: LTI_PAGES.deepLink.slice(1),
    id: 'LtiDeepLink',
    meta: framed(T.deepLinkTitle),
    page: lazyPage(() => import('./deep-link-page.tsx'), 'DeepLinkPage'),
  },
];
export const navItems: readonly FeatureNavItem[] = [];

import { IA_STUDENT_PAGE_PATH } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../../platform/routes/route-meta.ts';

/**
 * The student's own page (issue 32, point 2): for students, who have no account, so it needs no
 * sign-in and shows no navigation, like the campaign unsubscribe page.
 */
export const routes: readonly FeatureRoute[] = [
  {
    path: IA_STUDENT_PAGE_PATH.slice(1),
    id: 'IaStudentPage',
    meta: routeMeta({ title: 'My course materials', auth: 'none', navigation: false }),
    page: lazyPage(() => import('./student-page.tsx'), 'StudentCourseAccessPage'),
  },
];
export const navItems: readonly FeatureNavItem[] = [];

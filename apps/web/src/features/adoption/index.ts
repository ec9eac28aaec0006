import MenuBookIcon from '@mui/icons-material/MenuBook';
import { ADOPT_ACTIONS } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';
import { routeMeta } from '../../platform/routes/route-meta.ts';

/** Course material adoption: the course list and a course's detail (docs/behaviour/routes-and-guard.md). */
export const adoptionFeature: Feature = {
  routes: [
    {
      path: 'adopt',
      // Any adopt action opens the whole area; the course detail inherits the rule.
      meta: routeMeta({
        title: 'Adopt Course Materials',
        auth: 'required',
        navigation: true,
        anyOf: ADOPT_ACTIONS,
      }),
      children: [
        { index: true, page: lazyPage(() => import('./pages/adopt-page.tsx'), 'AdoptPage') },
        signedInRoute(
          'course/:divisionId/:departmentCode/:courseCode',
          'CourseDetail',
          'Course Detail',
          lazyPage(() => import('./pages/course-detail-page.tsx'), 'CourseDetailPage'),
        ),
      ],
    },
  ],
  navItems: [
    {
      id: 'adopt',
      label: 'Adopt',
      to: '/adopt',
      icon: MenuBookIcon,
      audience: 'signed-in',
      anyOf: ADOPT_ACTIONS,
    },
  ],
};

import MenuBookIcon from '@mui/icons-material/MenuBook';
import SchoolIcon from '@mui/icons-material/School';
import { ADOPT_ACTIONS } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

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
    {
      // An instructor's own sections (issue 30): the reminder e-mail's link opens it.
      path: 'my-courses',
      id: 'MyCourses',
      meta: routeMeta({ ...signedInPage('MyCourses', 'My courses'), anyOf: ADOPT_ACTIONS }),
      page: lazyPage(() => import('./pages/my-courses-page.tsx'), 'MyCoursesPage'),
    },
  ],
  navItems: [
    // Before Adopt: an instructor's own sections are where they start (the campaign's
    // pages follow Adopt, with the course materials team's).
    {
      id: 'my-courses',
      label: 'My courses',
      to: '/my-courses',
      icon: SchoolIcon,
      audience: 'signed-in',
      anyOf: ADOPT_ACTIONS,
    },
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

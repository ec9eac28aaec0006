import MenuBookIcon from '@mui/icons-material/MenuBook';
import RedoIcon from '@mui/icons-material/Redo';
import SchoolIcon from '@mui/icons-material/School';
import { ADOPT_ACTIONS, type ActionName } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

const CAMPAIGN_ACTIONS: readonly ActionName[] = ['MANAGE_ADOPTION_CAMPAIGNS'];

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
    {
      // Rollover by the store (issue 30): the course materials team's, beside the campaigns.
      path: 'campaigns/rollover',
      id: 'Rollover',
      meta: routeMeta({ ...signedInPage('Rollover', 'Rollover'), anyOf: CAMPAIGN_ACTIONS }),
      page: lazyPage(() => import('./pages/rollover-page.tsx'), 'RolloverPage'),
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
    {
      // After Adopt, before the campaign pages: the team's start of a term's adoptions.
      id: 'rollover',
      label: 'Rollover',
      to: '/campaigns/rollover',
      icon: RedoIcon,
      audience: 'signed-in',
      anyOf: CAMPAIGN_ACTIONS,
    },
  ],
};

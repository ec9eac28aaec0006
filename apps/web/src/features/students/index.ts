import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { Feature } from '../../app/feature-types.ts';
import { lazyPage } from '../../app/routes/lazy-page.ts';
import { signedInPage } from '../../app/routes/route-meta.ts';

/** Student search and student detail (spec §2). */
export const studentsFeature: Feature = {
  routes: [
    {
      path: 'search',
      id: 'SearchStudent',
      meta: signedInPage('SearchStudent', 'Student Search'),
      page: lazyPage(() => import('./pages/search-student-page.tsx'), 'SearchStudentPage'),
    },
    { path: 'search/student', redirectTo: '/search' },
    {
      path: 'search/student/:num',
      id: 'SearchStudentDetail',
      meta: signedInPage('SearchStudentDetail', 'Student Detail'),
      page: lazyPage(
        () => import('./pages/search-student-detail-page.tsx'),
        'SearchStudentDetailPage',
      ),
    },
  ],
  navItems: [
    {
      id: 'students',
      label: 'Student Search',
      to: '/search',
      icon: PersonSearchIcon,
      audience: 'signed-in',
    },
  ],
};

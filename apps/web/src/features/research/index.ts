import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { Feature } from '../../app/feature-types.ts';
import { lazyPage } from '../../app/routes/lazy-page.ts';
import { signedInPage } from '../../app/routes/route-meta.ts';

/** Section Research: sections, their detail and a student of a section (spec §2). */
export const researchFeature: Feature = {
  routes: [
    {
      path: 'research',
      id: 'SectionResearch',
      meta: signedInPage('SectionResearch', 'Section Research'),
      page: lazyPage(() => import('./pages/section-research-page.tsx'), 'SectionResearchPage'),
    },
    { path: 'research/section', redirectTo: '/research' },
    {
      path: 'research/section/:id',
      id: 'SectionDetail',
      meta: signedInPage('SectionDetail', 'Section Detail'),
      page: lazyPage(() => import('./pages/section-detail-page.tsx'), 'SectionDetailPage'),
    },
    { path: 'research/section/:id/student', redirectTo: '/research' },
    {
      path: 'research/section/:id/student/:num',
      id: 'SectionStudentDetail',
      meta: signedInPage('SectionStudentDetail', 'Student Detail'),
      page: lazyPage(
        () => import('./pages/section-student-detail-page.tsx'),
        'SectionStudentDetailPage',
      ),
    },
  ],
  navItems: [
    {
      id: 'research',
      label: 'Section Research',
      to: '/research',
      icon: ManageSearchIcon,
      audience: 'signed-in',
    },
  ],
};

import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { COST_GAPS_PATH, COST_REPORT_PATH, TEXTBOOK_LIST_PATH } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

/**
 * Section Research: sections, their detail and a student of a section (docs/behaviour/routes-and-guard.md); and the
 * public textbook list every website publishes (HEOA), open without a login. The drawer stays
 * as docs/behaviour/routes-and-guard.md lists it; the list is linked from the sign-in page and Section Research.
 */
export const researchFeature: Feature = {
  routes: [
    signedInRoute(
      'research',
      'SectionResearch',
      'Section Research',
      lazyPage(() => import('./pages/section-research-page.tsx'), 'SectionResearchPage'),
    ),
    { path: 'research/section', redirectTo: '/research' },
    signedInRoute(
      'research/section/:id',
      'SectionDetail',
      'Section Detail',
      lazyPage(() => import('./pages/section-detail-page.tsx'), 'SectionDetailPage'),
    ),
    { path: 'research/section/:id/student', redirectTo: '/research' },
    signedInRoute(
      'research/section/:id/student/:num',
      'SectionStudentDetail',
      'Student Detail',
      lazyPage(() => import('./pages/section-student-detail-page.tsx'), 'SectionStudentDetailPage'),
    ),
    // The staff's textbook cost report (issue 31, point 6): linked from Section Research, no
    // drawer item of its own.
    {
      path: COST_REPORT_PATH.slice(1),
      id: 'CostReport',
      meta: { ...signedInPage('CostReport', 'Textbook cost report'), anyOf: ['VIEW_SECTION'] },
      page: lazyPage(() => import('./pages/cost-report-page.tsx'), 'CostReportPage'),
    },
    // Cost gaps between sections of one course (issue 31, point 5): linked from course detail
    // and the cost report, no drawer item of its own.
    {
      path: COST_GAPS_PATH.slice(1),
      id: 'CostGaps',
      meta: { ...signedInPage('CostGaps', 'Cost gaps between sections'), anyOf: ['VIEW_SECTION'] },
      page: lazyPage(() => import('./pages/cost-gaps-page.tsx'), 'CostGapsPage'),
    },
    {
      path: TEXTBOOK_LIST_PATH.slice(1),
      id: 'TextbookList',
      meta: routeMeta({ title: 'Textbook List', auth: 'optional', navigation: true }),
      page: lazyPage(() => import('./textbooks/textbook-list-page.tsx'), 'TextbookListPage'),
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

/** A material's prices as the public textbook list shows them (a launch's landing shows them too). */
export { MaterialPrices } from './textbooks/section-materials.tsx';

import { lazy } from 'react';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';

/** Student search and student detail (docs/behaviour/routes-and-guard.md). */
export const studentsFeature: Feature = {
  routes: [
    signedInRoute(
      'search',
      'SearchStudent',
      'Student Search',
      lazyPage(() => import('./pages/search-student-page.tsx'), 'SearchStudentPage'),
    ),
    { path: 'search/student', redirectTo: '/search' },
    signedInRoute(
      'search/student/:num',
      'SearchStudentDetail',
      'Student Detail',
      lazyPage(() => import('./pages/search-student-detail-page.tsx'), 'SearchStudentDetailPage'),
    ),
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

export { customerIdOf } from './detail/customer-id.ts';
/** What a student has of a required material, in the counter's words (one rule for every screen). */
export {
  ownedStatus,
  NOT_YET_ORDERED,
  type OwnedStatus,
} from './detail/required-materials-groups.ts';
/** A required material and what the student has of it, as the student detail shows it. */
export { RequiredMaterialRow } from './detail/required-material-row.tsx';
export type { StudentDetailViewProps } from './detail/student-detail-view.tsx';

/**
 * The student detail (facts, rentals desk with returns and labels, required materials,
 * history) for another area's page, such as a student of a section. Loaded on first use, so
 * the app's first download stays without it; render it under a Suspense boundary.
 */
export const StudentDetailView = lazy(() =>
  import('./detail/student-detail-view.tsx').then((m) => ({ default: m.StudentDetailView })),
);

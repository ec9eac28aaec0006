import type { Feature } from '../../platform/feature-types.ts';
import * as accessLists from './access-lists/routes.ts';
import * as charges from './charges/routes.ts';
import * as programs from './programs/routes.ts';
import * as studentPage from './student-page/routes.ts';

/**
 * Inclusive access (issue 32): the staff's programs, charge files and access lists, and the
 * student's own page on the store's website. Each sub-area lists its own pages.
 */
const SUB_AREAS = [programs, charges, accessLists, studentPage];

export const inclusiveAccessFeature: Feature = {
  routes: SUB_AREAS.flatMap((area) => area.routes),
  navItems: SUB_AREAS.flatMap((area) => area.navItems),
};

/** A student's inclusive access on the student detail screen (features/students/detail). */
export { StudentIaPanel } from './student-page/student-ia-panel.tsx';

/** The student's session and page (a launch from the learning platform signs a student in too). */
export { useStudentPage, useStudentSession } from './api/student-page-queries.ts';

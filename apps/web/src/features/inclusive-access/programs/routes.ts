import LocalLibraryIcon from '@mui/icons-material/LocalLibrary';
import { IA_ACTIONS, type ActionName } from '@csp/contracts';
import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';
import { lazyPage } from '../../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../../platform/routes/route-meta.ts';

// The server narrows the lists to the caller's sections, so holding the action anywhere opens
// the pages: they then say what, if anything, is theirs.
const IA: readonly ActionName[] = IA_ACTIONS;

/** Programs per section (issue 32, points 1 and 6): the terms, and a term's programs. */
export const routes: readonly FeatureRoute[] = [
  {
    path: 'inclusive-access',
    id: 'InclusiveAccess',
    meta: routeMeta({ ...signedInPage('InclusiveAccess', 'Inclusive access'), anyOf: IA }),
    page: lazyPage(() => import('./ia-terms-page.tsx'), 'IaTermsPage'),
  },
  {
    path: 'inclusive-access/terms/:termId',
    id: 'InclusiveAccessTerm',
    meta: routeMeta({ ...signedInPage('InclusiveAccessTerm', 'Inclusive access term'), anyOf: IA }),
    page: lazyPage(() => import('./ia-term-page.tsx'), 'IaTermPage'),
  },
];

export const navItems: readonly FeatureNavItem[] = [
  {
    // No group: right after the campaigns' Department contacts, with the course materials pages.
    id: 'inclusive-access',
    label: 'Inclusive access',
    to: '/inclusive-access',
    icon: LocalLibraryIcon,
    audience: 'signed-in',
    anyOf: IA,
  },
];

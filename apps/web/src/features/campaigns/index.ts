import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { ActionName } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

// The list is narrowed by the server to the divisions the caller's grant covers, so holding the
// action anywhere is enough to open the page: it then says what, if anything, is theirs.
const CAMPAIGN_ACTIONS: readonly ActionName[] = ['MANAGE_ADOPTION_CAMPAIGNS'];

/** Adoption deadlines (issue 30): each term's deadline and how its sections stand against it. */
export const campaignsFeature: Feature = {
  routes: [
    {
      path: 'campaigns/deadlines',
      id: 'CampaignDeadlines',
      meta: routeMeta({
        ...signedInPage('CampaignDeadlines', 'Adoption deadlines'),
        anyOf: CAMPAIGN_ACTIONS,
      }),
      page: lazyPage(() => import('./pages/adoption-deadlines-page.tsx'), 'AdoptionDeadlinesPage'),
    },
  ],
  navItems: [
    {
      // No group, like Adopt: it sits right after it, with the course materials pages.
      id: 'adoption-deadlines',
      label: 'Adoption deadlines',
      to: '/campaigns/deadlines',
      icon: EventAvailableIcon,
      audience: 'signed-in',
      anyOf: CAMPAIGN_ACTIONS,
    },
  ],
};

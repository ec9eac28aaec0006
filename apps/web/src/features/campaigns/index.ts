import ContactMailIcon from '@mui/icons-material/ContactMail';
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
    {
      path: 'campaigns/contacts',
      id: 'CampaignContacts',
      meta: routeMeta({
        ...signedInPage('CampaignContacts', 'Department contacts'),
        anyOf: CAMPAIGN_ACTIONS,
      }),
      page: lazyPage(
        () => import('./pages/department-contacts-page.tsx'),
        'DepartmentContactsPage',
      ),
    },
    {
      path: 'campaigns/deadlines/:termId/campaign',
      id: 'CampaignSchedule',
      meta: routeMeta({
        ...signedInPage('CampaignSchedule', 'Adoption campaign'),
        anyOf: CAMPAIGN_ACTIONS,
      }),
      page: lazyPage(() => import('./pages/term-campaign-page.tsx'), 'TermCampaignPage'),
    },
    {
      // The link of every campaign e-mail: for instructors, who need no account to use it.
      path: 'campaign-unsubscribe',
      id: 'CampaignUnsubscribe',
      meta: routeMeta({ title: 'Unsubscribe', auth: 'none', navigation: false }),
      page: lazyPage(
        () => import('./pages/campaign-unsubscribe-page.tsx'),
        'CampaignUnsubscribePage',
      ),
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
    {
      // Right after the deadlines: the digest after a deadline goes to these contacts.
      id: 'department-contacts',
      label: 'Department contacts',
      to: '/campaigns/contacts',
      icon: ContactMailIcon,
      audience: 'signed-in',
      anyOf: CAMPAIGN_ACTIONS,
    },
  ],
};

import HelpIcon from '@mui/icons-material/Help';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../platform/routes/route-meta.ts';

/** Help: open to everyone; stored credentials still sign the visitor in (docs/behaviour/routes-and-guard.md). */
export const helpFeature: Feature = {
  routes: [
    {
      path: 'help',
      meta: routeMeta({ title: 'Help', auth: 'optional', navigation: true }),
      page: lazyPage(() => import('./pages/help-page.tsx'), 'HelpPage'),
    },
  ],
  navItems: [{ id: 'help', label: 'Help', to: '/help', icon: HelpIcon, audience: 'everyone' }],
};

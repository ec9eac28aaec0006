import DashboardIcon from '@mui/icons-material/Dashboard';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { signedInRoute } from '../../platform/routes/signed-in-route.ts';

/** Divisional metrics: the dashboard every signed-in user lands on. */
export const metricsFeature: Feature = {
  routes: [
    signedInRoute(
      'dashboard',
      'Dashboard',
      'Dashboard',
      lazyPage(() => import('./pages/dashboard-page.tsx'), 'DashboardPage'),
    ),
  ],
  navItems: [
    {
      id: 'dashboard',
      label: 'Dashboard',
      to: '/dashboard',
      icon: DashboardIcon,
      audience: 'signed-in',
    },
  ],
};

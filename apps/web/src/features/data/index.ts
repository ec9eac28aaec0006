import { lazy } from 'react';
import AssessmentIcon from '@mui/icons-material/Assessment';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta, signedInPage } from '../../platform/routes/route-meta.ts';

/** Data Summary, for data managers only (docs/behaviour/routes-and-guard.md). */
export const dataFeature: Feature = {
  routes: [
    {
      path: 'data-summary',
      id: 'DataSummary',
      meta: routeMeta({ ...signedInPage('DataSummary', 'Data Summary'), anyOf: ['DATA_MANAGER'] }),
      page: lazyPage(() => import('./pages/data-summary-page.tsx'), 'DataSummaryPage'),
    },
  ],
  navItems: [
    {
      id: 'data-summary',
      label: 'Data Summary',
      to: '/data-summary',
      icon: AssessmentIcon,
      audience: 'signed-in',
      anyOf: ['DATA_MANAGER'],
    },
  ],
};

/**
 * Each feed's last import at a glance, for the dashboard to show to users who may view the
 * data integration status (docs/behaviour/roles.md: DATA_FULL_REPORTER or DATA_MANAGER; the caller decides).
 * Loaded on first render, so pages without it do not pay for it; wrap it in Suspense.
 */
export const DataIntegrationPanel = lazy(() =>
  loadDataIntegrationPanel().then((m) => ({ default: m.DataIntegrationPanel })),
);

/** Fetches the panel's code ahead of its first render (a page that will show it, as it opens). */
export const loadDataIntegrationPanel = () => import('./panel/data-integration-panel.tsx');

import { lazy, Suspense, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';
import { UnknownPageNotice } from '../../../components/unknown-page-notice.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { hasAnyAction } from '../../../lib/actions.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { DataIntegrationPanel, loadDataIntegrationPanel } from '../../data/index.ts';
import { useMetricsDivisions } from '../api/metrics-queries.ts';
import { InclusiveAccessCard } from '../cards/inclusive-access-card.tsx';
import { preloadMetricCharts } from '../charts/lazy-charts.tsx';
import { NoDivisionsPanel } from '../dashboard/no-divisions-panel.tsx';
import { METRICS_TEXT as T } from '../metrics-messages.ts';

/*
 * The tabs and their cards are a chunk of their own, so the heading, the welcome and the `prev`
 * notice show at once. It is asked for as the page opens, alongside the divisions, so it adds
 * no wait; the charts' much larger chunk is asked for once there is a division to draw, while
 * the cards' figures load (a user with no division never downloads it).
 */
const loadTabs = () => import('../dashboard/division-tabs.tsx');
const DivisionTabs = lazy(() => loadTabs().then((m) => ({ default: m.DivisionTabs })));

/**
 * /dashboard (docs/behaviour/README.md#the-product-in-brief, docs/behaviour/routes-and-guard.md): where every signed-in user lands, and where a store manager sees
 * each division's term at a glance. `prev` names an address that led nowhere.
 */
export function DashboardPage() {
  const { session, actions } = useSession();
  // docs/behaviour/roles.md: viewing the data integration status takes DATA_FULL_REPORTER or DATA_MANAGER.
  const mayViewDataStatus = hasAnyAction(actions, ['DATA_FULL_REPORTER', 'DATA_MANAGER']);
  const divisionsSettled = !useMetricsDivisions().isPending;
  // Issue 32, point 6: the program's figures for those who run it.
  const managesInclusiveAccess = hasAnyAction(actions, ['MANAGE_INCLUSIVE_ACCESS']);
  // Its code comes alongside the divisions, so holding the panel back for them adds no wait.
  useEffect(() => {
    if (mayViewDataStatus) void loadDataIntegrationPanel();
  }, [mayViewDataStatus]);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeading>Dashboard</PageHeading>
      {session && (
        <Typography variant="h6" component="p">
          Welcome, {session.name}.
        </Typography>
      )}
      <UnknownPageNotice pageName="dashboard" />
      {/* One boundary for the division metrics and the panel under them: the panel shows only
          with the metrics' final layout (tabs and cards) above it. Alone, it drew at the top
          while the divisions and the tabs' code were still on their way, then was pushed a
          screen down (a layout shift of 0.39 on a phone, issue 26). */}
      <Suspense fallback={<DivisionsLoading />}>
        <DivisionMetrics />
        {mayViewDataStatus && divisionsSettled && <DataIntegrationPanel />}
        {managesInclusiveAccess && divisionsSettled && <InclusiveAccessCard />}
      </Suspense>
    </Stack>
  );
}

function DivisionsLoading() {
  return (
    <div>
      <VisuallyHidden>{T.divisionsLoading}</VisuallyHidden>
      <Skeleton variant="rounded" height={48} sx={{ maxWidth: 560 }} />
    </div>
  );
}

function DivisionMetrics() {
  const divisions = useMetricsDivisions();
  useEffect(() => void loadTabs(), []);
  const hasDivisions = (divisions.data?.divisions.length ?? 0) > 0;
  useEffect(() => {
    if (hasDivisions) preloadMetricCharts();
  }, [hasDivisions]);
  if (divisions.isPending) return <DivisionsLoading />;
  // A refusal means the same as an empty list: this account reports on no division.
  const refused = divisions.error instanceof ApiRequestError && divisions.error.status === 403;
  if (divisions.isError && !refused) {
    return (
      <Alert
        severity="error"
        sx={{ maxWidth: 720 }}
        action={
          <Button color="inherit" size="small" onClick={() => void divisions.refetch()}>
            {T.retry}
          </Button>
        }
      >
        {T.divisionsFailed}
      </Alert>
    );
  }
  const list = divisions.data?.divisions ?? [];
  if (list.length === 0) {
    return <NoDivisionsPanel storeIsEmpty={divisions.data?.storeHasDivisions === false} />;
  }
  // Suspends into the page's boundary until the tabs' code is here.
  return <DivisionTabs divisions={list} />;
}

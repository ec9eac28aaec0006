import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NotAvailablePanel } from '../../../components/not-available-panel.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../app/session/session-context.tsx';
import { UnknownPageNotice } from '../../../components/unknown-page-notice.tsx';

export function DashboardPage() {
  const { session } = useSession();
  const [params] = useSearchParams();

  return (
    <Stack spacing={2}>
      <PageHeading>Dashboard</PageHeading>
      {session && (
        <Typography variant="h6" component="p">
          Welcome, {session.name}.
        </Typography>
      )}
      <UnknownPageNotice prev={params.get('prev')} pageName="dashboard" />
      <NotAvailablePanel heading="Divisional metrics are coming">
        The dashboard will show, for each division, adoption progress, order fulfilment, market
        share, on-time fulfilment and student preferences. Until then, use the navigation to reach
        the other areas, or open Help to learn what each one does.
      </NotAvailablePanel>
    </Stack>
  );
}

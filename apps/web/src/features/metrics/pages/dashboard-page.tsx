import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NotAvailablePanel } from '../../../components/not-available-panel.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../app/session/session-context.tsx';
import { unknownPageShown } from '../unknown-page-notice.ts';

export function DashboardPage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const prev = unknownPageShown(params.get('prev'));

  return (
    <Stack spacing={2}>
      <PageHeading>Dashboard</PageHeading>
      {session && (
        <Typography variant="h6" component="p">
          Welcome, {session.name}.
        </Typography>
      )}
      {prev && (
        <Alert severity="info" role="status" sx={{ maxWidth: 720 }}>
          Nothing is found at the address you opened, “{prev}”, so you were brought to the
          dashboard.
        </Alert>
      )}
      <NotAvailablePanel heading="Divisional metrics are coming">
        The dashboard will show, for each division, adoption progress, order fulfilment, market
        share, on-time fulfilment and student preferences. Until then, use the navigation to reach
        the other areas, or open Help to learn what each one does.
      </NotAvailablePanel>
    </Stack>
  );
}

import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Panel } from '../../../components/panel.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { INTEGRATION_PAGE_PATH } from '../access-lists/routes.ts';
import { useIntegrationToken } from '../api/access-list-queries.ts';

/**
 * The way to the store's integration token (access-lists/integration-token-page.tsx), for the
 * callers who may manage it: store-wide holders of MANAGE_INCLUSIVE_ACCESS or MANAGE_STORE. The
 * session knows the actions but not where they are held, so the token's own endpoint decides:
 * it answers them (whether there is a token, shown here) and refuses (403) a grant on one
 * division or department, for whom nothing is shown. Nothing either while it loads or fails:
 * the terms are the page's business.
 */
export function IntegrationLink() {
  const state = useIntegrationToken();
  const headingId = useId();
  if (!state.isSuccess) return null;
  const createdAt = state.data.createdAt;
  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        Publishers&apos; and LMS access
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography>
          {createdAt
            ? `The platforms read who is in each section with the store's integration token, made ${formatDisplayDate(createdAt)}.`
            : 'No platform can read who is in each section yet: the store has no integration token.'}
        </Typography>
        <Button
          component={RouterLink}
          to={INTEGRATION_PAGE_PATH}
          variant="outlined"
          sx={{ flexShrink: 0 }}
        >
          {createdAt ? 'Manage the integration token' : 'Set up the integration'}
        </Button>
      </Stack>
    </Panel>
  );
}

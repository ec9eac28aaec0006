import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getIaSectionAccessList, getIaTermAccessLists } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIntegrationToken, useIntegrationTokenChanges } from '../api/access-list-queries.ts';

export const INTEGRATION_PAGE_TITLE = 'Access list integration';

type Asking = 'replace' | 'revoke' | null;

/** An address or header to copy, on its own lines; a long one wraps rather than overflows. */
function Address({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{
        display: 'block',
        my: 0.5,
        mb: 1.5,
        p: 1,
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

/** What the platform's people need: the addresses (the site's own) and the header. */
function SetupDetails() {
  const termLists = `${window.location.origin}${getIaTermAccessLists.path.replace(':termId', '{termId}')}`;
  const sectionList = `${window.location.origin}${getIaSectionAccessList.path.replace(':sectionId', '{sectionId}')}`;
  return (
    <Card component="section" aria-labelledby="integration-setup-heading" variant="outlined">
      <CardContent>
        <Typography id="integration-setup-heading" component="h2" variant="h6" gutterBottom>
          For the platform&apos;s set-up
        </Typography>
        <Typography variant="body2">A term&apos;s lists, every program section:</Typography>
        <Address>GET {termLists}</Address>
        <Typography variant="body2">One section&apos;s list:</Typography>
        <Address>GET {sectionList}</Address>
        <Typography variant="body2">With the header:</Typography>
        <Address>Authorization: Bearer &lt;token&gt;</Address>
      </CardContent>
    </Card>
  );
}

/** The token just made, shown once with a copy button; gone when the page is left. */
function NewToken({ token }: { token: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Your new integration token</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Copy it now into the publisher&apos;s or LMS&apos;s settings: it is shown only this once.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="New integration token"
          value={token}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="contained" onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          Copy token
        </Button>
      </Stack>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {copied === 'yes' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Could not copy: select the token and copy it yourself.'}
      </Box>
    </Alert>
  );
}

/**
 * The store's integration token for the inclusive-access lists (issue 32, point 5): whether
 * there is one and since when, make or replace it (shown once), revoke it. The publisher's or
 * LMS's platform sends it as `Authorization: Bearer <token>` to the store's website.
 */
export function IntegrationTokenPage() {
  const state = useIntegrationToken();
  const changes = useIntegrationTokenChanges();
  const [made, setMade] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const exists = Boolean(state.data?.createdAt);

  const run = (change: () => Promise<unknown>) => {
    setFailure(null);
    change()
      .catch(setFailure)
      .finally(() => setAsking(null));
  };
  const create = () => run(() => changes.create().then((answer) => setMade(answer.token)));
  const revoke = () => run(() => changes.revoke().then(() => setMade(null)));

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <div>
        <Link component={RouterLink} to="/inclusive-access">
          Inclusive access
        </Link>
        <PageHeading>{INTEGRATION_PAGE_TITLE}</PageHeading>
        <Typography>
          The publisher&apos;s or LMS&apos;s platform reads from the store&apos;s site who is in
          each inclusive-access section, so that those students get the materials. It needs this
          store&apos;s integration token.
        </Typography>
      </div>
      <Card component="section" aria-labelledby="integration-token-heading" variant="outlined">
        <CardContent>
          <Typography id="integration-token-heading" component="h2" variant="h6" gutterBottom>
            Integration token
          </Typography>
          {state.isPending ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} aria-hidden />
              <span>Loading the integration token…</span>
            </Stack>
          ) : state.isError ? (
            <LoadFailure
              title="Could not load the integration token"
              onRetry={() => void state.refetch()}
              retrying={state.isFetching}
            >
              {errorMessage(state.error)}
            </LoadFailure>
          ) : exists ? (
            <Typography>Made on {formatDateTime(state.data!.createdAt!)}.</Typography>
          ) : (
            <Typography>
              This store has no integration token: no platform can read its lists.
            </Typography>
          )}
          {made && (
            <Box sx={{ mt: 2 }}>
              <NewToken token={made} />
            </Box>
          )}
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFailure(null)}>
              {errorMessage(failure)}
            </Alert>
          )}
        </CardContent>
        {state.isSuccess && (
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button
              variant="contained"
              disabled={changes.pending}
              onClick={() => (exists ? setAsking('replace') : create())}
            >
              {exists ? 'Replace token' : 'Create token'}
            </Button>
            {exists && (
              <Button color="error" disabled={changes.pending} onClick={() => setAsking('revoke')}>
                Revoke token
              </Button>
            )}
          </CardActions>
        )}
      </Card>
      <SetupDetails />
      <ConfirmDialog
        open={asking === 'replace'}
        title="Replace the integration token?"
        message="The current token stops working at once: the platform needs the new one."
        confirmLabel="Replace token"
        busy={changes.pending}
        danger
        onConfirm={create}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        title="Revoke the integration token?"
        message="No platform can read the access lists until a new token is made."
        confirmLabel="Revoke token"
        busy={changes.pending}
        danger
        onConfirm={revoke}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}

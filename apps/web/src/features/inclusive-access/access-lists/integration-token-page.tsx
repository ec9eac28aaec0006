import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getIaTermAccessLists, INTEGRATION_BASE } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIntegrationToken, useIntegrationTokenChanges } from '../api/access-list-queries.ts';

export const INTEGRATION_PAGE_TITLE = 'Access list integration';

type Asking = 'replace' | 'revoke' | null;

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
  const example = `${window.location.origin}${getIaTermAccessLists.path.replace(':termId', '{termId}')}`;

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
      <PageHeading>{INTEGRATION_PAGE_TITLE}</PageHeading>
      <Typography>
        The publisher&apos;s or LMS&apos;s platform reads who gets each inclusive-access
        section&apos;s materials from the store&apos;s site, with this store&apos;s token:{' '}
        <Box component="code" sx={{ wordBreak: 'break-all' }}>
          GET {example}
        </Box>{' '}
        (or one section&apos;s list under {INTEGRATION_BASE}), sending{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>.
      </Typography>
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

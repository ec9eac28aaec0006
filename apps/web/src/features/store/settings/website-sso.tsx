import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StoreWebsite } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWebsiteSso } from './store-settings-queries.ts';
import { SsoForm } from './website-sso-form.tsx';
import { SpMetadata, SsoSummary } from './website-sso-summary.tsx';

/**
 * A website's single sign-on (issue 29): how its users sign in now, the portal's metadata to
 * give the identity provider, SAML turned on or changed, and turned off.
 */
export function WebsiteSso({ website }: { website: StoreWebsite }) {
  return (
    <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Single sign-on
      </Typography>
      <Stack spacing={3}>
        <SsoSummary website={website} />
        <SpMetadata url={website.spMetadataUrl} />
        <SsoForm website={website} />
        <TurnSsoOff website={website} />
      </Stack>
    </Box>
  );
}

/**
 * Off after a question: the users then sign in with portal passwords, which some may lack. The
 * button goes with SAML; what happened is said where it was, and the focus goes there.
 */
function TurnSsoOff({ website }: { website: StoreWebsite }) {
  const { save, saving } = useUpdateWebsiteSso(website.id);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);
  const done = useRef<HTMLDivElement>(null);
  const samlOn = website.sso.ssoType === 'SAML';

  const turnOff = async () => {
    setFailure(null);
    try {
      await save({ ssoType: 'NONE' });
      setTurnedOff(true);
      setAsking(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <div>
      {samlOn && (
        <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
          Turn single sign-on off
        </Button>
      )}
      {turnedOff && !samlOn && (
        <Alert severity="success" role="status" ref={done} tabIndex={-1}>
          Single sign-on is off: users of {website.host} sign in with their portal passwords.
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={`Turn single sign-on off for ${website.host}?`}
        message={`Users of ${website.host} will sign in with their portal passwords. Accounts without one need a password set first (Forgot password on the sign-in page).`}
        alert={
          failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )
        }
        confirmLabel="Turn off"
        busyLabel="Turning off…"
        danger
        busy={saving}
        onConfirm={() => void turnOff()}
        onCancel={() => {
          setAsking(false);
          setFailure(null);
        }}
        onExited={() => done.current?.focus()}
      />
    </div>
  );
}

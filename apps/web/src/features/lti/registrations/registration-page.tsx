import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LTI_REGISTRATION_MESSAGES as M } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCompleteRegistration } from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

/** LTI Dynamic Registration 1.0 §3.6: the message that tells the platform the tool is done. */
export const LTI_CLOSE_MESSAGE = { subject: 'org.imsglobal.lti.close' } as const;

/** The platform's window: the one that opened this page, or the one it is framed in. */
function platformWindow(): Window | null {
  if (window.opener) return window.opener as Window;
  return window.parent !== window ? window.parent : null;
}

type Outcome =
  { kind: 'working' } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/**
 * The page a learning platform opens for dynamic registration, with the store's invite and its
 * own configuration address and registration token in the address. It sends them once, says
 * what happened, and on success tells the platform it may close the page.
 */
export function LtiRegistrationPage() {
  const [search] = useSearchParams();
  const invite = search.get('invite') ?? '';
  const openidConfiguration = search.get('openid_configuration') ?? '';
  const registrationToken = search.get('registration_token') ?? undefined;
  const complete = useCompleteRegistration();
  const sent = useRef(false);
  const ready = invite !== '' && openidConfiguration !== '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  useEffect(() => {
    // Once per page: React may run an effect twice, the invite works once.
    if (!ready || sent.current) return;
    sent.current = true;
    complete
      .mutateAsync({ body: { invite, openidConfiguration, registrationToken } })
      .then((answer) => {
        setOutcome({ kind: 'done', name: answer.name });
        platformWindow()?.postMessage(LTI_CLOSE_MESSAGE, '*');
      })
      .catch((error: unknown) => setOutcome({ kind: 'failed', message: errorMessage(error) }));
  }, [complete, ready, invite, openidConfiguration, registrationToken]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
      <PageHeading>{T.registerTitle}</PageHeading>
      {!ready ? (
        <Alert severity="warning">{T.registerMissing}</Alert>
      ) : outcome.kind === 'working' ? (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{T.registerWorking}</Typography>
        </Stack>
      ) : outcome.kind === 'done' ? (
        <Alert severity="success" role="status">
          {outcome.name}: {M.done}
        </Alert>
      ) : (
        <Alert severity="error">{outcome.message}</Alert>
      )}
    </Stack>
  );
}

import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_MESSAGES, ONE_TIME_CODE_PATTERN } from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { failureStatus } from '../../../components/load-failure.tsx';
import { useUnsubscribe, useUnsubscribeLink } from '../api/campaign-queries.ts';
import { CAMPAIGN_TEXT as T } from '../campaign/campaign-text.ts';

/**
 * /campaign-unsubscribe?token=… (issue 30, point 2): the link at the foot of every campaign
 * e-mail, open without a sign-in. Opening it only reads what it would stop: mail scanners
 * follow links, so only the button's POST unsubscribes.
 */
export function CampaignUnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <AuthCard>
      <PageHeading>{T.unsubscribeTitle}</PageHeading>
      {ONE_TIME_CODE_PATTERN.test(token) ? (
        <UnsubscribeLink token={token} />
      ) : (
        <Alert severity="error">{CAMPAIGN_MESSAGES.linkNotFound}</Alert>
      )}
    </AuthCard>
  );
}

function UnsubscribeLink({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const { unsubscribe, pending, error } = useUnsubscribe(token);
  if (link.isPending) {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{T.checkingLink}</Typography>
      </Stack>
    );
  }
  if (link.isError) {
    const notFound = failureStatus(link.error) === 404 || failureStatus(link.error) === 400;
    return (
      <Alert severity="error">
        {notFound ? CAMPAIGN_MESSAGES.linkNotFound : errorMessage(link.error)}
      </Alert>
    );
  }
  const answer = link.data;
  if (answer.unsubscribed) {
    return (
      <Alert severity="success" role="status">
        You will get no more e-mails of this campaign from {answer.storeName}.
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Stop e-mails about {answer.termName} course materials to {answer.email}?
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Button
        variant="contained"
        size="large"
        disabled={pending}
        onClick={() => void unsubscribe().catch(() => undefined)}
      >
        {T.unsubscribe}
      </Button>
    </Stack>
  );
}

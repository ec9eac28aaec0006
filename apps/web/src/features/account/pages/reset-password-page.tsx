import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNotificationStore } from '../../../platform/notifications/notification-context.tsx';
import { validateToken } from '../api/password-api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { RequestResetForm } from '../components/request-reset-form.tsx';

/** A link that cannot be used (not valid, expired, already used), with the way to a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Button component={RouterLink} to="/reset-password" variant="contained" size="large">
        Request a new link
      </Button>
    </Stack>
  );
}

/** With a token: checks it first, then asks for the new password. */
function TokenStep({ token }: { token: string }) {
  const navigate = useNavigate();
  const notifications = useNotificationStore();
  const [problem, setProblem] = useState<string | null>(null);
  const validation = useQuery({
    queryKey: ['validateResetToken', token],
    queryFn: () => validateToken(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (validation.isPending) {
    return (
      <>
        <PageHeading>Reset your password</PageHeading>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>Checking your reset link…</Typography>
        </Stack>
      </>
    );
  }
  if (validation.isError || problem) {
    return (
      <>
        <PageHeading>Reset your password</PageHeading>
        <LinkProblem message={problem ?? errorMessage(validation.error)} />
      </>
    );
  }
  return (
    <>
      <PageHeading>
        {validation.data.firstPassword ? 'Choose your password' : 'Choose a new password'}
      </PageHeading>
      <NewPasswordForm
        token={token}
        userName={validation.data.userName}
        firstPassword={validation.data.firstPassword}
        onTokenProblem={setProblem}
        onDone={(message) => {
          // Shown on the login page: a plain notify would be cleared by the navigation.
          notifications.notifyAfterNavigation({ type: 'success', message, timeout: true });
          void navigate('/login', { replace: true });
        }}
      />
    </>
  );
}

/** docs/behaviour/routes-and-guard.md#login-screens ResetPassword: request a link by e-mail, or, with `?token=`, set a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return (
    <AuthCard>
      <Stack spacing={3}>
        {token ? (
          <TokenStep key={token} token={token} />
        ) : (
          <>
            <PageHeading>Reset your password</PageHeading>
            <RequestResetForm />
          </>
        )}
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'flex-start' }}>
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}

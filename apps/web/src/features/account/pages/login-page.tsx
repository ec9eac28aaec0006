import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { SAML_LOGIN_ERROR, safeNextPath, TEXTBOOK_LIST_PATH } from '@csp/contracts';
import { useSessionStore } from '../../../platform/session/session-context.tsx';
import { siteTitleOf } from '../../../platform/title/document-title.ts';
import { useWebsite } from '../../../platform/website/website-context.tsx';
import { explainSsoFailure, samlLoginUrl } from '../../saml/index.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

export const SSO_FAILED_MESSAGE =
  'Single sign-on failed. Sign in again, or contact the store if it keeps happening.';

function LoginErrorAlert({ loginError, reason }: { loginError: string; reason: string | null }) {
  const sso = loginError === SAML_LOGIN_ERROR;
  const explanation = explainSsoFailure(reason);
  return (
    <Alert severity="error" role="alert">
      {sso ? SSO_FAILED_MESSAGE : 'Signing in failed. Sign in again.'}
      {explanation && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Reason: {explanation}
        </Typography>
      )}
    </Alert>
  );
}

export function LoginPage() {
  const [params] = useSearchParams();
  const { website, unknownHost } = useWebsite();
  const sessionStore = useSessionStore();
  const next = safeNextPath(params.get('next')) ?? '/dashboard';
  const loginError = params.get('loginError');

  // docs/behaviour/messages.md: a failed single sign-on clears the stored credentials.
  useEffect(() => {
    if (loginError === SAML_LOGIN_ERROR) sessionStore.forget();
  }, [loginError, sessionStore]);

  return (
    <AuthCard>
      <Stack spacing={3}>
        <div>
          <PageHeading>Sign in</PageHeading>
          <Typography color="text.secondary">{siteTitleOf(website)}</Typography>
        </div>
        {unknownHost && (
          <Alert severity="error" role="alert">
            No campus store is configured for the address {window.location.host}. Check the address
            you opened, or ask your store for its portal link.
          </Alert>
        )}
        {loginError !== null && (
          <LoginErrorAlert loginError={loginError} reason={params.get('reason')} />
        )}
        {!unknownHost && (
          <>
            <LoginForm />
            <Link component={RouterLink} to="/reset-password" sx={{ alignSelf: 'flex-start' }}>
              Forgot your password?
            </Link>
          </>
        )}
        {website?.ssoType === 'SAML' && (
          <>
            <Divider>or</Divider>
            <Button variant="outlined" size="large" href={samlLoginUrl(next)}>
              Sign in with single sign-on
            </Button>
          </>
        )}
        {!unknownHost && (
          <Typography variant="body2" color="text.secondary">
            Students: the course materials of every class are on the{' '}
            <Link component={RouterLink} to={TEXTBOOK_LIST_PATH}>
              textbook list
            </Link>
            , no sign-in needed.
          </Typography>
        )}
      </Stack>
    </AuthCard>
  );
}

import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { SAML_PATHS, SSO_STUDENT_MODE } from '@csp/contracts';
import { useWebsite } from '../../../platform/website/website-context.tsx';

/** Where a student's single sign-on starts: the store's identity provider, back to this page. */
export const STUDENT_SSO_URL = `${SAML_PATHS.login}?mode=${SSO_STUDENT_MODE}`;

/**
 * "Sign in with single sign-on", beside the e-mail form, when the store's website has single
 * sign-on (as the login page knows it: the website's SSO type). The server matches the
 * provider's address to a student of the store and sends the browser back here with a one-time
 * code (ADR 0048).
 */
export function StudentSsoSignIn() {
  const { website } = useWebsite();
  if (website?.ssoType !== 'SAML') return null;
  return (
    <>
      <Divider>or</Divider>
      <Button variant="outlined" size="large" href={STUDENT_SSO_URL}>
        Sign in with single sign-on
      </Button>
    </>
  );
}

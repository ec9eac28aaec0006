import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { explainSsoFailure } from '../sso-failure-reasons.ts';
import { readSsoTestResult, type ShownSsoTestResult } from '../sso-test-result.ts';

const STORE_SETTINGS = '/settings/store';
const NOTHING_CHANGED = 'This test did not sign you in or out.';

interface Finding {
  severity: AlertColor;
  title: string;
  body: ReactNode;
}

/** "a", "a or b", "a, b or c": the names the provider sent, as a sentence reads them. */
function listOfNames(names: readonly string[]): ReactNode {
  const strong = names.map((name) => <strong key={name}>{name}</strong>);
  return strong.flatMap((name, index) => {
    if (index === 0) return [name];
    return [index === strong.length - 1 ? ' or ' : ', ', name];
  });
}

function findingOf(result: ShownSsoTestResult): Finding {
  switch (result.outcome) {
    case 'matched': {
      const name = <strong>{result.userName}</strong>;
      return {
        severity: 'success',
        title: 'Single sign-on works',
        body: (
          <>
            The identity provider signed you in as {name}, an account of this store: users of this
            website can sign in through it. {NOTHING_CHANGED}
          </>
        ),
      };
    }
    case 'unknown-user':
      return {
        severity: 'warning',
        title: 'No account of this store matches',
        body: (
          <>
            The identity provider’s answer was valid, but no active account of this store has{' '}
            {result.providerNames.length > 0 ? (
              <>the address it sent: {listOfNames(result.providerNames)}</>
            ) : (
              'an address it sent: it sent no name or e-mail address'
            )}
            . To let this person sign in, create their account under Settings, Permissions with that
            e-mail address, or ask the identity provider to send the account’s e-mail address as the
            NameID or in the mail attribute. {NOTHING_CHANGED}
          </>
        ),
      };
    case 'refused':
      return {
        severity: 'error',
        title: 'The sign-in was refused',
        body: (
          <>
            {explainSsoFailure(result.reason)} Nobody can sign in through the identity provider
            until this is fixed. {NOTHING_CHANGED}
          </>
        ),
      };
    default:
      return {
        severity: 'info',
        title: 'No test result here',
        body: (
          <>
            This page shows the result of a single sign-on test, but its address holds none that the
            portal can read. Start the test again with Test the sign-in on the Store settings page.{' '}
            {NOTHING_CHANGED}
          </>
        ),
      };
  }
}

/**
 * The result of the store settings screen's single-sign-on test (ADR 0041): the server sends
 * the test's tab here with what the provider's answer matched. The page needs no sign-in and
 * uses none, so the administrator's own sign-in in the other tab stays as it was.
 */
export function SsoTestPage() {
  const { search } = useLocation();
  const finding = findingOf(readSsoTestResult(search));
  return (
    <AuthCard>
      <PageHeading>Single sign-on test</PageHeading>
      <Stack spacing={2.5}>
        <Alert severity={finding.severity} role="status" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle component="h2">{finding.title}</AlertTitle>
          {finding.body}
        </Alert>
        <Typography>
          You can close this tab, or go back to{' '}
          <Link component={RouterLink} to={STORE_SETTINGS}>
            Store settings
          </Link>
          .
        </Typography>
      </Stack>
    </AuthCard>
  );
}

import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SsoTestResult } from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSsoTestResult } from '../api/sso-test-result-query.ts';
import { explainSsoFailure } from '../sso-failure-reasons.ts';
import { readSsoTestResultToken } from '../sso-test-result.ts';

const STORE_SETTINGS = '/settings/store';
const NOTHING_CHANGED = 'This test did not sign you in or out of the portal.';
const RUN_AGAIN = 'Run the test again with Test the sign-in on the Store settings page.';

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

/** What the server says the test found, in plain words. */
function findingOf(result: SsoTestResult): Finding {
  switch (result.outcome) {
    case 'matched':
      return {
        severity: 'success',
        title: 'Single sign-on works',
        body: (
          <>
            The identity provider recognised you as <strong>{result.userName}</strong>, an account
            of this store: users of this website can sign in through it. {NOTHING_CHANGED}
          </>
        ),
      };
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
            {explainSsoFailure(result.reason)} If the test is refused again, users of this website
            cannot sign in through the identity provider until this is fixed. {NOTHING_CHANGED}
          </>
        ),
      };
  }
}

/**
 * No result to show: the address holds no token, or the server refused the one it holds
 * (expired, another website's, or not one of its own).
 */
function noResult(why: 'none' | 'refused'): Finding {
  return {
    severity: 'info',
    title: 'No test result here',
    body: (
      <>
        {why === 'none'
          ? 'This page shows the result of a single sign-on test, but its address holds none.'
          : 'This test result has expired (a result can be read for 10 minutes after the test) or belongs to another website.'}{' '}
        {RUN_AGAIN} Opening this page did not sign you in or out of the portal.
      </>
    ),
  };
}

function FindingAlert({ finding }: { finding: Finding }) {
  return (
    <Alert severity={finding.severity} role="status" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle component="h2">{finding.title}</AlertTitle>
      {finding.body}
    </Alert>
  );
}

/** The result the server answers for the address's token, or why there is none. */
function TestResult({ token }: { token: string | null }) {
  const query = useSsoTestResult(token);
  if (token === null) return <FindingAlert finding={noResult('none')} />;
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-label="Reading the test result" />
        <Typography color="text.secondary">Reading the test result…</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    const status = failureStatus(query.error);
    // 404: expired or another website's; 400: no token of the server's making.
    if (status === 404 || status === 400) return <FindingAlert finding={noResult('refused')} />;
    return (
      <LoadFailure
        title="Could not read the test result"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadFailure>
    );
  }
  return <FindingAlert finding={findingOf(query.data)} />;
}

/**
 * The result of the store settings screen's single-sign-on test (ADR 0041): the server sends
 * the test's tab here with a signed, short-lived token of what the provider's answer matched,
 * and the page asks the server what it says; nothing else of the address is shown. The page
 * needs no sign-in and uses none, so the administrator's own sign-in in the other tab stays as
 * it was.
 */
export function SsoTestPage() {
  const { search } = useLocation();
  return (
    <AuthCard>
      <PageHeading>Single sign-on test</PageHeading>
      <Stack spacing={2.5}>
        <TestResult token={readSsoTestResultToken(search)} />
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

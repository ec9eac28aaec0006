import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IA_STUDENT_PAGE_MESSAGES,
  IA_STUDENT_SSO_ERROR_QUERY,
  ONE_TIME_CODE_PATTERN,
} from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useStudentPage, useStudentSession } from '../api/student-page-queries.ts';
import { SignInLinkForm } from './sign-in-link-form.tsx';
import { StudentSectionCard } from './student-section-card.tsx';
import { StudentSsoSignIn } from './student-sso-sign-in.tsx';

function Busy({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Stack>
  );
}

/**
 * /my-course-access (issue 32, point 2): the student's own page on the store's website, without
 * the staff's navigation. A student asks for a sign-in link by e-mail; the link lands here with
 * its token, which is exchanged for a session once and then taken out of the address bar (so it
 * is neither bookmarked nor shared); the page then lists the student's sections. When the store
 * has single sign-on, the student may sign in through it instead: it lands here with a one-time
 * code in the same `token` key, or with the reason it was refused (ADR 0048).
 */
export function StudentCourseAccessPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const { session, start, forget, signOut } = useStudentSession();
  const exchanged = useRef(false);
  // The link the page was opened with (the address bar loses it at once).
  const [arrivedWith] = useState(token);
  const badLink = arrivedWith !== null && !ONE_TIME_CODE_PATTERN.test(arrivedWith);
  // A refused single sign-on comes back with its reason (ADR 0048), also taken off the address.
  const ssoError = params.get(IA_STUDENT_SSO_ERROR_QUERY);
  const [ssoRefusal] = useState(ssoError);

  useEffect(() => {
    if ((token === null && ssoError === null) || exchanged.current) return;
    exchanged.current = true;
    setParams({}, { replace: true });
    if (token !== null && ONE_TIME_CODE_PATTERN.test(token)) start.mutate(token);
  }, [token, ssoError, setParams, start]);

  return (
    <AuthCard>
      <PageHeading>My course materials</PageHeading>
      {start.isPending || (token !== null && ONE_TIME_CODE_PATTERN.test(token)) ? (
        <Busy label="Signing you in…" />
      ) : session ? (
        <StudentSections session={session} forget={forget} signOut={signOut} />
      ) : (
        <Stack spacing={2}>
          {(start.isError || badLink) && (
            <Alert severity="error" role="alert">
              {start.isError ? errorMessage(start.error) : IA_STUDENT_PAGE_MESSAGES.linkInvalid}
            </Alert>
          )}
          {ssoRefusal !== null && !start.isError && !badLink && (
            <Alert severity="error" role="alert">
              {ssoRefusal === 'unknown student'
                ? IA_STUDENT_PAGE_MESSAGES.ssoNoStudent
                : IA_STUDENT_PAGE_MESSAGES.ssoFailed}
            </Alert>
          )}
          <SignInLinkForm />
          <StudentSsoSignIn />
        </Stack>
      )}
    </AuthCard>
  );
}

function StudentSections({
  session,
  forget,
  signOut,
}: {
  session: string;
  forget: () => void;
  signOut: () => Promise<void>;
}) {
  const page = useStudentPage(session);
  const ended = page.error instanceof ApiRequestError && page.error.status === 401;
  if (page.isPending) return <Busy label="Loading your course materials…" />;
  if (page.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity={ended ? 'info' : 'error'} role="alert">
          {ended ? IA_STUDENT_PAGE_MESSAGES.sessionEnded : errorMessage(page.error)}
        </Alert>
        {ended ? (
          <Button variant="contained" onClick={forget}>
            Ask for a new sign-in link
          </Button>
        ) : (
          <Button onClick={() => void page.refetch()}>Try again</Button>
        )}
      </Stack>
    );
  }
  const { firstName, sections } = page.data;
  return (
    <Stack spacing={2}>
      <Typography>
        Hello {firstName}. These are your courses whose materials are included and charged to your
        student account, unless you opt out before the deadline.
      </Typography>
      {sections.length === 0 ? (
        <Alert severity="info">You have no course with included materials this term.</Alert>
      ) : (
        sections.map((section) => (
          <StudentSectionCard key={section.participantId} section={section} session={session} />
        ))
      )}
      <Button onClick={() => void signOut()}>Sign out</Button>
    </Stack>
  );
}

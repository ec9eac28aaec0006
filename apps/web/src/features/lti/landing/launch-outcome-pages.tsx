import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  LTI_NO_ACCESS,
  LTI_REFUSALS,
  TEXTBOOK_LIST_PATH,
  type LtiNoAccessReason,
  type LtiRefusalReason,
} from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LANDING_TEXT as T } from './landing-text.ts';
import { useStoreContact, WhomToAsk } from './store-contact.tsx';

// Own keys only: `in` would also take '__proto__' or 'toString' from the query for a reason.
const isRefusal = (r: string | null): r is LtiRefusalReason =>
  r !== null && Object.hasOwn(LTI_REFUSALS, r);
const isNoAccess = (r: string | null): r is LtiNoAccessReason =>
  r !== null && Object.hasOwn(LTI_NO_ACCESS, r);

/** A landing page's frame: the store's card, the page's heading, its sections. */
function LandingCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthCard>
      <PageHeading>{title}</PageHeading>
      <Stack spacing={2}>{children}</Stack>
    </AuthCard>
  );
}

function Part({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Typography component="h2" variant="h6" gutterBottom>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

/** A refused launch (`?reason=`): the reason in a sentence, the store's name, what to do next. */
export function LtiRefusedPage() {
  const reason = useSearchParams()[0].get('reason');
  const storeName = useStoreContact().data?.storeName;
  return (
    <LandingCard title={T.refusedTitle}>
      <Alert severity="error">{isRefusal(reason) ? LTI_REFUSALS[reason] : T.refusedUnknown}</Alert>
      {storeName && <Typography color="text.secondary">{storeName}</Typography>}
      <Part heading={T.whatNext}>
        <Typography gutterBottom>{T.refusedNext}</Typography>
        <WhomToAsk />
      </Part>
    </LandingCard>
  );
}

/** An instructor the store does not let in yet (`?reason=`): why, and whom to ask. */
export function LtiNoAccessPage() {
  const reason = useSearchParams()[0].get('reason');
  return (
    <LandingCard title={T.noAccessTitle}>
      <Alert severity="info">{LTI_NO_ACCESS[isNoAccess(reason) ? reason : 'no-permission']}</Alert>
      <Part heading={T.whomToAsk}>
        <Typography gutterBottom>{T.noAccessNext}</Typography>
        <WhomToAsk />
      </Part>
    </LandingCard>
  );
}

/** A student's launch whose course is not linked to a section: the public textbook list. */
export function LtiCourseNotFoundPage() {
  return (
    <LandingCard title={T.courseNotFoundTitle}>
      <Typography>{T.courseNotFound}</Typography>
      <Button
        component={RouterLink}
        to={TEXTBOOK_LIST_PATH}
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
      >
        {T.textbookList}
      </Button>
    </LandingCard>
  );
}

import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IA_STUDENT_PAGE_PATH } from '@csp/contracts';
import { useEffect } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import type { useStudentSession } from '../../inclusive-access/index.ts';
import { useStudentPage } from '../../inclusive-access/index.ts';
import { LANDING_TEXT as T } from './landing-text.ts';

/**
 * The signed-in student's included access in this section (inclusive access): in or out, the
 * price, the deadline, and the student page to change it. Nothing when the section is not one
 * of theirs with included materials.
 */
export function IncludedAccessStatus({
  sectionId,
  session,
  start,
  forget,
}: {
  sectionId: number;
  session: string | null;
  start: ReturnType<typeof useStudentSession>['start'];
  forget: () => void;
}) {
  const page = useStudentPage(session);
  const sessionOver = page.error instanceof ApiRequestError && page.error.status === 401;
  // A session that ended (2 hours) is forgotten: the materials stay, the status goes.
  useEffect(() => {
    if (sessionOver) forget();
  }, [sessionOver, forget]);
  if (start.isError) return <Alert severity="error">{errorMessage(start.error)}</Alert>;
  if (start.isPending || (session && page.isPending))
    return <PanelLoading what={T.loadingAccess} />;
  if (page.isError && !sessionOver) {
    return (
      <LoadFailure onRetry={() => void page.refetch()} retrying={page.isFetching}>
        {errorMessage(page.error)}
      </LoadFailure>
    );
  }
  const section = page.data?.sections.find((s) => s.sectionId === sectionId);
  if (!section) return null;
  return (
    <Stack component="section" aria-label={T.includedTitle} spacing={1}>
      <Typography component="h2" variant="h6">
        {T.includedTitle}
      </Typography>
      <Alert severity={section.participating ? 'success' : 'info'}>
        {section.participating ? T.youAreIn : T.youOptedOut}
      </Alert>
      <Typography>
        {T.includedPrice}: {formatMoney(section.totalCents)}
      </Typography>
      <Typography>
        {section.deadline ? `${T.deadline}: ${formatDisplayDate(section.deadline)}` : T.noDeadline}
      </Typography>
      <Link component={RouterLink} to={IA_STUDENT_PAGE_PATH}>
        {T.changeChoice}
      </Link>
    </Stack>
  );
}

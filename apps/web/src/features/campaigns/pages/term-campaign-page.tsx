import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_MESSAGES, type TermCampaign } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { count } from '../../../lib/format.ts';
import { useTermCampaign } from '../api/campaign-queries.ts';
import { CampaignPeoplePanel } from '../campaign/campaign-people-panel.tsx';
import { CampaignStepsPanel } from '../campaign/campaign-steps-panel.tsx';
import { CAMPAIGN_TEXT as T } from '../campaign/campaign-text.ts';

const DEADLINES_PATH = '/campaigns/deadlines';

/** A term id as the path gives it: a positive whole number, or nothing to ask the server. */
function termIdOf(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function BackToDeadlines({ label = `Back to ${T.back}` }: { label?: string }) {
  return (
    <Button
      component={RouterLink}
      to={DEADLINES_PATH}
      variant="outlined"
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/**
 * /campaigns/deadlines/:termId/campaign (issue 30, point 2): a term's e-mail steps to schedule,
 * what each sent, and who is mailed. The route needs MANAGE_ADOPTION_CAMPAIGNS; the server
 * answers 404 for a term outside the caller's divisions.
 */
export function TermCampaignPage() {
  const termId = termIdOf(useParams().termId);
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={DEADLINES_PATH}>
          {T.back}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {T.pageTitle}
        </Typography>
      </Breadcrumbs>
      {termId === null ? (
        <NoSuchTerm message={CAMPAIGN_MESSAGES.termNotFound} />
      ) : (
        <Campaign termId={termId} />
      )}
    </Stack>
  );
}

function NoSuchTerm({ message }: { message: string }) {
  return (
    <>
      <PageHeading>{T.pageTitle}</PageHeading>
      <LoadFailure severity="warning">{message}</LoadFailure>
      <BackToDeadlines />
    </>
  );
}

function Campaign({ termId }: { termId: number }) {
  const query = useTermCampaign(termId);
  const campaign = query.data;
  if (campaign) return <CampaignView campaign={campaign} />;
  if (query.isError) {
    const status = failureStatus(query.error);
    if (status === 404 || status === 403) return <NoSuchTerm message={query.error.message} />;
    return (
      <>
        <PageHeading>{T.pageTitle}</PageHeading>
        <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeading>{T.pageTitle}</PageHeading>
      <PanelLoading what={T.loading} />
    </>
  );
}

function CampaignView({ campaign }: { campaign: TermCampaign }) {
  const { deadline } = campaign;
  return (
    <>
      <div>
        <PageHeading>
          {T.pageTitle}: {campaign.termName}
        </PageHeading>
        <Typography color="text.secondary" sx={{ mt: -1 }}>
          {campaign.divisionName} ·{' '}
          {deadline ? `Adoptions due by ${formatDisplayDate(deadline)}` : 'No deadline set'}
          {` · E-mails sent: ${count(campaign.emailsSent)}`}
        </Typography>
      </div>
      {deadline ? (
        <>
          <Typography>{T.intro}</Typography>
          <CampaignStepsPanel campaign={{ ...campaign, deadline }} />
          <CampaignPeoplePanel campaign={campaign} />
        </>
      ) : (
        <>
          <Alert severity="info">{CAMPAIGN_MESSAGES.needsDeadline}</Alert>
          <BackToDeadlines label={`Set the deadline on ${T.back}`} />
        </>
      )}
    </>
  );
}

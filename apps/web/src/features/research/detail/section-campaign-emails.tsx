import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  getSectionCampaignEmails,
  type CampaignMessageOutcome,
  type CampaignStepKind,
} from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCallerQuery } from '../../../lib/contract-query.ts';

const KIND: Record<CampaignStepKind, string> = { REMINDER: 'Reminder', DIGEST: 'Digest' };

const NOT_SENT: Record<Exclude<CampaignMessageOutcome, 'SENT'>, string> = {
  NOTHING_LEFT: 'Not sent: nothing was left to adopt',
  LEFT_OUT: 'Not sent: left out of the campaign',
  REFUSED: 'Not sent: the mail server refused it',
  GAVE_UP: 'Not sent: gave up after several tries',
};

/** "Reminder, 14 days before", "Digest, 1 day after", "Reminder, on the day". */
export function stepName(kind: CampaignStepKind, days: number): string {
  if (days === 0) return `${KIND[kind]}, on the day`;
  const n = Math.abs(days);
  return `${KIND[kind]}, ${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'}`;
}

function outcomeText(sentAt: string | null, outcome: CampaignMessageOutcome | null): string {
  if (sentAt) return `Sent ${formatDateTime(sentAt)}`;
  if (!outcome || outcome === 'SENT') return 'Waiting to be sent';
  return NOT_SENT[outcome];
}

/**
 * The adoption campaign's e-mails that named this section (issue 30, point 2): who was asked
 * about it, by which step, and when, so staff answering "nobody told me" can see who was.
 */
export function SectionCampaignEmails({ sectionId }: { sectionId: number }) {
  const query = useCallerQuery(getSectionCampaignEmails, { query: { sectionId } });
  // Campaigns are not every store's: a caller the server refuses just does not see the panel.
  if (query.isError && failureStatus(query.error) === 403) return null;
  return (
    <PanelSection title="Campaign e-mails">
      {query.isPending ? (
        <PanelLoading what="the campaign e-mails" />
      ) : query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()}>
          Could not load the campaign e-mails: {query.error.message}
        </LoadFailure>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">No campaign e-mail has named this section.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {query.data.map((mail, i) => (
            <Box component="li" key={i} sx={{ py: 0.75, overflowWrap: 'anywhere' }}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {mail.recipientName || mail.email}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {mail.email} · {stepName(mail.kind, mail.daysFromDeadline)} ·{' '}
                {outcomeText(mail.sentAt, mail.outcome)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </PanelSection>
  );
}

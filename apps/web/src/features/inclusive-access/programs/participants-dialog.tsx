import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IA_CHANGE_LABELS, type IaChangeSource, type IaParticipant } from '@csp/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useIaParticipants } from '../api/program-queries.ts';
import { PROGRAM_TEXT as T, rateText } from './program-text.ts';

const SOURCE_WORDS: Record<IaChangeSource, string> = {
  FEED: 'enrolment feed',
  STUDENT: 'the student',
  STAFF: 'staff',
  PROGRAM: 'joined the program',
};

/** "Opted out · 10/02/2026 · the student" or "… · staff (Pat Lee)". */
function changeLine(change: IaParticipant['history'][number]): string {
  const who = change.actorName
    ? `${SOURCE_WORDS[change.source]} (${change.actorName})`
    : SOURCE_WORDS[change.source];
  return `${IA_CHANGE_LABELS[change.change]} · ${formatDisplayDate(change.at)} · ${who}`;
}

/** A program's participants, each in or out, enrolled or dropped, with every change. */
export function ParticipantsDialog({
  sectionId,
  label,
  onClose,
}: {
  sectionId: number;
  label: string;
  onClose: () => void;
}) {
  const query = useIaParticipants(sectionId);
  const data = query.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>
        {T.participants}: {label}
      </DialogTitle>
      {/* A long list scrolls here: the keyboard can scroll it too. */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-label={`${T.participants} of ${label}`}
      >
        {data ? (
          <Stack spacing={1.5}>
            <Typography>
              {data.enrolled} enrolled · {data.participantsIn} in · {data.participantsOut} opted out
              · opt-out rate {rateText(data.optOutRate)}
            </Typography>
            {data.participants.length === 0 ? (
              <Alert severity="info">{T.noParticipants}</Alert>
            ) : (
              <List aria-label={`${T.participants} list`} disablePadding>
                {data.participants.map((p) => (
                  <ParticipantItem key={p.participantId} participant={p} />
                ))}
              </List>
            )}
          </Stack>
        ) : query.isError ? (
          <PanelError
            what="the participants"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <PanelLoading what="the participants" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function ParticipantItem({ participant: p }: { participant: IaParticipant }) {
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {p.lastName}, {p.firstName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {p.studentIdNum}
        </Typography>
        <Chip
          size="small"
          color={p.participating ? 'success' : 'default'}
          label={p.participating ? 'In' : 'Out'}
        />
        {!p.enrolled && <Chip size="small" variant="outlined" label="Dropped" />}
      </Stack>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
        {p.history.map((change, i) => (
          <li key={i}>{changeLine(change)}</li>
        ))}
      </Typography>
    </ListItem>
  );
}

import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IaStudentSection } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSetChoice } from '../api/student-page-queries.ts';

/** What the student is about to do, in words (the dialog and the button say the same). */
export function choiceWords(section: IaStudentSection) {
  const amount = formatMoney(section.totalCents);
  return section.participating
    ? {
        choice: 'OUT' as const,
        button: 'Opt out',
        title: `Opt out of ${section.sectionName}?`,
        text: `You will lose access to these materials and will not be charged ${amount}. You will need to get the materials another way.`,
      }
    : {
        choice: 'IN' as const,
        button: 'Opt back in',
        title: `Opt in to ${section.sectionName}?`,
        text: `You will get these materials and ${amount} will be charged to your student account.`,
      };
}

/**
 * One inclusive-access section of the student: the materials and prices, the total, the
 * deadline, whether they are in, and Opt out / Opt back in (after a confirmation) until the
 * deadline. The new state comes from the server's answer.
 */
export function StudentSectionCard({
  section,
  session,
}: {
  section: IaStudentSection;
  session: string;
}) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = useSetChoice(session);
  const headingId = useId();
  const words = choiceWords(section);
  const confirm = async () => {
    const answer = await change
      .mutateAsync({ participantId: section.participantId, choice: words.choice })
      .catch(() => null);
    if (!answer) return;
    setAsking(false);
    setDone(
      answer.participating
        ? `You are in for ${answer.sectionName}. A confirmation e-mail is on its way.`
        : `You opted out of ${answer.sectionName}. A confirmation e-mail is on its way.`,
    );
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            {section.sectionName}
          </Typography>
          <Typography color="text.secondary">
            {section.courseTitle} · {section.termName}
          </Typography>
        </Box>
        <Chip
          sx={{ alignSelf: 'flex-start' }}
          color={section.participating ? 'success' : 'default'}
          label={section.participating ? 'You are in' : 'You opted out'}
        />
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Materials">
          {section.materials.map((m) => (
            <li key={`${m.title}-${m.author}`}>
              <Typography component="span">
                {m.title}
                {m.author && ` (${m.author})`}: {formatMoney(m.priceCents)}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography sx={{ fontWeight: 700 }}>Total: {formatMoney(section.totalCents)}</Typography>
        <Typography>
          {section.deadline
            ? `Deadline to opt out or back in: ${formatDisplayDate(section.deadline)}`
            : 'The deadline to opt out is not set yet.'}
        </Typography>
        <Box role="status">{done && <Alert severity="success">{done}</Alert>}</Box>
        {section.mayChange ? (
          <Button
            variant={section.participating ? 'outlined' : 'contained'}
            size="large"
            onClick={() => {
              change.reset();
              setAsking(true);
            }}
            aria-describedby={headingId}
          >
            {words.button}
          </Button>
        ) : (
          section.whyNot && <Alert severity="info">{section.whyNot}</Alert>
        )}
      </Stack>
      <ConfirmDialog
        open={asking}
        title={words.title}
        message={words.text}
        alert={
          change.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(change.error)}
            </Alert>
          )
        }
        confirmLabel={words.button}
        busy={change.isPending}
        busyLabel="Saving…"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DEADLINE_STATUS_LABELS, type SectionRow } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

type DeadlineFacts = Pick<SectionRow, 'deadlineStatus' | 'adoptionDeadline'>;

/** "due 09/01/2026", or nothing when the term has no deadline. */
export function deadlineDueText({ adoptionDeadline }: DeadlineFacts): string {
  return adoptionDeadline ? `due ${formatDisplayDate(adoptionDeadline)}` : '';
}

/**
 * A section's standing against its term's adoption deadline, as words: only "Missing" (the
 * deadline passed with nothing adopted, the one standing that asks for work) stands out as a
 * chip, in the tone of the "Outstanding" status; the others are plain text. The day itself
 * follows as secondary text rather than a tooltip, so touch, keyboard and screen reader users
 * get it too. `inline` puts both on one line (the phone's cards); otherwise they stack (a cell).
 */
export function SectionDeadline({ row, inline = false }: { row: DeadlineFacts; inline?: boolean }) {
  const label = DEADLINE_STATUS_LABELS[row.deadlineStatus];
  const due = deadlineDueText(row);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        flexDirection: inline ? 'row' : 'column',
        alignItems: inline ? 'center' : 'flex-start',
        flexWrap: 'wrap',
        columnGap: 0.75,
      }}
    >
      {row.deadlineStatus === 'MISSING' ? (
        <Chip
          size="small"
          label={label}
          // Dark text on a light fill: readable (AA) where a coloured filled chip may not be.
          sx={{ bgcolor: '#fde8e7', color: '#7a1712', fontWeight: 600 }}
        />
      ) : (
        <Typography component="span" variant="body2">
          {label}
        </Typography>
      )}
      {due && (
        <Typography
          component="span"
          variant={inline ? 'body2' : 'caption'}
          color="text.secondary"
          // The day is read as one: never "due" on one line and the date on the next.
          sx={{ whiteSpace: 'nowrap' }}
        >
          {inline ? `· ${due}` : due}
        </Typography>
      )}
    </Box>
  );
}

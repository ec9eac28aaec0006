import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DEADLINE_STATUS_LABELS, type DeadlineStatus, type TermDeadline } from '@csp/contracts';
import { count, plural } from '../../../lib/format.ts';

// Dark text on a light fill (as the import status chips): AA contrast whatever the brand colours.
const TONES: Record<DeadlineStatus, { bg: string; fg: string }> = {
  ON_TIME: { bg: '#e6f4ea', fg: '#1e4620' },
  LATE: { bg: '#ffe0b2', fg: '#5d2e00' },
  MISSING: { bg: '#fde8e7', fg: '#7a1712' },
  OPEN: { bg: '#eeeeee', fg: '#333333' },
};

const STATUS_COUNT: Record<DeadlineStatus, (term: TermDeadline) => number> = {
  ON_TIME: (term) => term.onTime,
  LATE: (term) => term.late,
  MISSING: (term) => term.missing,
  OPEN: (term) => term.open,
};

const ORDER: readonly DeadlineStatus[] = ['ON_TIME', 'LATE', 'MISSING', 'OPEN'];

/** "12 sections:" then one chip per standing ("On time: 3"), as a list a screen reader counts. */
export function DeadlineCounts({ term, label }: { term: TermDeadline; label: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {plural(term.sections, 'section')}:
      </Typography>
      <Box
        component="ul"
        aria-label={`Sections of ${label} by standing`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {ORDER.map((status) => {
          const n = STATUS_COUNT[status](term);
          const tone = TONES[status];
          return (
            <li key={status}>
              <Chip
                size="small"
                label={`${DEADLINE_STATUS_LABELS[status]}: ${count(n)}`}
                // A zero is there to be read, not to catch the eye.
                sx={{
                  bgcolor: n === 0 ? 'transparent' : tone.bg,
                  color: n === 0 ? 'text.secondary' : tone.fg,
                  border: 1,
                  borderColor: n === 0 ? 'divider' : 'transparent',
                  fontWeight: n === 0 ? 400 : 600,
                }}
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

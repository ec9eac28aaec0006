import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sectionAdoptionsText, type SectionRow } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { CostChipAndRange } from './cost-chip-and-range.tsx';
import { SectionDeadline } from './section-deadline.tsx';
import { SectionLink } from './section-links.tsx';
import { SectionStatus } from './section-status.tsx';

interface SectionCardsProps {
  rows: readonly SectionRow[];
  loading: boolean;
  labelledBy: string;
  listSearch: string;
}

/**
 * A phone's form of the list: one card per section, every fact of the grid's row on it, so
 * nothing needs sideways scrolling at 360 px. The sort is the "Sort by" field above.
 */
export function SectionCards({ rows, loading, labelledBy, listSearch }: SectionCardsProps) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      aria-busy={loading}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, opacity: loading ? 0.6 : 1 }}
    >
      {rows.map((row) => (
        <Paper component="li" variant="outlined" key={row.sectionId} sx={{ p: 1.5 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
          >
            <SectionLink row={row} listSearch={listSearch} />
            <SectionStatus status={row.adoptionStatus} />
          </Stack>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{row.courseName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.termName} · {formatDisplayDate(row.startDate)} – {formatDisplayDate(row.endDate)}
          </Typography>
          {row.professors.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.professors.join('; ')}
            </Typography>
          )}
          <Typography variant="body2">
            Enrolled {row.enrollmentCount} · Adoptions {sectionAdoptionsText(row)}
          </Typography>
          <Typography component="div" variant="body2" sx={{ mt: 0.5 }}>
            Deadline: <SectionDeadline row={row} inline />
          </Typography>
          <Typography component="div" variant="body2" sx={{ mt: 0.5 }}>
            Textbook cost: <CostChipAndRange row={row} inline />
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

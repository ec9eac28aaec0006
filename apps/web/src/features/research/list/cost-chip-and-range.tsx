import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SectionRow } from '@csp/contracts';
import { CostChip } from '../../../components/cost-designation-chip.tsx';
import { costRangeText } from '../../../lib/money.ts';

type CostFacts = Pick<SectionRow, 'designation' | 'requiredCostLowCents' | 'requiredCostHighCents'>;

/**
 * A section's textbook cost (issue 31): its designation as a short chip and, when known, what
 * its required materials cost at the cheapest and the dearest way offered. `inline` puts both
 * on one line (the phone's cards); otherwise they stack (a grid cell).
 */
export function CostChipAndRange({ row, inline = false }: { row: CostFacts; inline?: boolean }) {
  const range = costRangeText(row.requiredCostLowCents, row.requiredCostHighCents);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        flexDirection: inline ? 'row' : 'column',
        alignItems: inline ? 'center' : 'flex-start',
        flexWrap: 'wrap',
        columnGap: 0.75,
        rowGap: 0.25,
      }}
    >
      <CostChip designation={row.designation} short />
      {range && (
        <Typography
          component="span"
          variant={inline ? 'body2' : 'caption'}
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {range}
        </Typography>
      )}
    </Box>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CostGapSectionRef } from '@csp/contracts';
import { gapCostText, gapSectionName } from '../lib/cost-gaps.ts';
import { CostChip } from './cost-designation-chip.tsx';

/**
 * A section of a cost gap: its name, cost range and designation chip on one line that may wrap,
 * and why it is a gap (`detail`) when it is one. Course detail's "Cost gaps" panel and the cost
 * gaps report both show it; `small` is the report's denser text inside a table cell or card.
 */
export function CostGapSectionLine({
  section,
  detail,
  small = false,
}: {
  section: CostGapSectionRef;
  detail?: string;
  small?: boolean;
}) {
  const variant = small ? 'body2' : 'body1';
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ gap: small ? 0.75 : 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography component="span" variant={variant} sx={{ fontWeight: 600 }}>
        {gapSectionName(section)}
      </Typography>
      <Typography component="span" variant={variant}>
        {gapCostText(section)}
      </Typography>
      <CostChip designation={section.designation} />
      {detail && (
        <Typography component="span" variant={variant} color="text.secondary">
          {detail}
        </Typography>
      )}
    </Stack>
  );
}

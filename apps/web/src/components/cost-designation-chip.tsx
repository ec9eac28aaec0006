import Chip from '@mui/material/Chip';
import { COST_DESIGNATION_LABELS, type CostDesignation } from '@csp/contracts';

/**
 * A section's cost designation as a chip (docs/behaviour/flows.md#cost-transparency): the
 * public textbook list, course detail and the cost gaps report show the same mark. A section
 * with no designation shows nothing.
 */
export function CostChip({ designation }: { designation: CostDesignation }) {
  if (designation === 'NONE') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={designation === 'ZTC' ? 'success' : 'primary'}
      label={COST_DESIGNATION_LABELS[designation]}
    />
  );
}

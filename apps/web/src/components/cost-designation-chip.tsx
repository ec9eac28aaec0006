import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  COST_DESIGNATION_LABELS,
  COST_DESIGNATION_SHORT_LABELS,
  type CostDesignation,
} from '@csp/contracts';
import { VisuallyHidden } from './visually-hidden.tsx';

/** Zero cost reads green, low cost blue (outlined: the text keeps AA contrast on white). */
const COLOR = { ZTC: 'success', LTC: 'primary' } as const;

/**
 * A section's textbook cost designation (issue 31, docs/behaviour/flows.md#cost-transparency).
 * For students the chip says the words and a section without one shows nothing; staff lists
 * (`short`) show the mark ("ZTC", "LTC") with the words for screen readers and on hover, and a
 * quiet dash for none, so a column never has holes that look like a load failure.
 */
export function CostChip({
  designation,
  short = false,
}: {
  designation: CostDesignation;
  short?: boolean;
}) {
  const words = COST_DESIGNATION_LABELS[designation];
  if (designation === 'NONE') {
    if (!short) return null;
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        <span aria-hidden="true">{COST_DESIGNATION_SHORT_LABELS.NONE}</span>
        <VisuallyHidden>{words}</VisuallyHidden>
      </Typography>
    );
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[designation]}
      title={short ? words : undefined}
      label={
        short ? (
          <>
            <span aria-hidden="true">{COST_DESIGNATION_SHORT_LABELS[designation]}</span>
            <VisuallyHidden>{words}</VisuallyHidden>
          </>
        ) : (
          words
        )
      }
    />
  );
}

import Chip from '@mui/material/Chip';
import { FUNDING_SOURCE_STATE_LABELS, type FundingSourceState } from '@csp/contracts';

// Dark text on a light fill: AA contrast whatever the website's brand colours are.
const TONES: Record<FundingSourceState, { bg: string; fg: string }> = {
  UPCOMING: { bg: '#e3f2fd', fg: '#0d3c61' },
  OPEN: { bg: '#e6f4ea', fg: '#1e4620' },
  ENDED: { bg: '#eeeeee', fg: '#333333' },
};

/** Where a source is in its charge window, in the contract's words. */
export function SourceStateChip({ state }: { state: FundingSourceState }) {
  const tone = TONES[state];
  return (
    <Chip
      size="small"
      label={FUNDING_SOURCE_STATE_LABELS[state]}
      sx={{ bgcolor: tone.bg, color: tone.fg, fontWeight: 600 }}
    />
  );
}

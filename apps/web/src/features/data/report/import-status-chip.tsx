import Chip from '@mui/material/Chip';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '@csp/contracts';

// Dark text on a light fill: AA contrast whatever the website's brand colours are.
const TONES: Record<ImportStatus, { bg: string; fg: string }> = {
  VALIDATING: { bg: '#e3f2fd', fg: '#0d3c61' },
  VALIDATED: { bg: '#fff3cd', fg: '#5c3c00' },
  INVALID: { bg: '#fde8e7', fg: '#7a1712' },
  APPLYING: { bg: '#e3f2fd', fg: '#0d3c61' },
  APPLIED: { bg: '#e6f4ea', fg: '#1e4620' },
  FAILED: { bg: '#fde8e7', fg: '#7a1712' },
  EXPIRED: { bg: '#eeeeee', fg: '#333333' },
  // Orange, apart from VALIDATED's yellow: waiting for the data manager, not for the server.
  NEEDS_MAPPING: { bg: '#ffe0b2', fg: '#5d2e00' },
};

/** An import's status in the contract's words. */
export function ImportStatusChip({ status }: { status: ImportStatus }) {
  const tone = TONES[status];
  return (
    <Chip
      size="small"
      label={IMPORT_STATUS_LABELS[status]}
      sx={{
        bgcolor: tone.bg,
        color: tone.fg,
        fontWeight: 600,
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}

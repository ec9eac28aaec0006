import Chip from '@mui/material/Chip';
import { FUNDING_UPLOAD_STATUS_LABELS, type FundingUploadStatus } from '@csp/contracts';

const TONES: Record<FundingUploadStatus, { bg: string; fg: string }> = {
  CHECKED: { bg: '#fff3cd', fg: '#5c3c00' },
  INVALID: { bg: '#fde8e7', fg: '#7a1712' },
  APPLIED: { bg: '#e6f4ea', fg: '#1e4620' },
};

/** An allowance file's state in the contract's words. */
export function UploadStatusChip({ status }: { status: FundingUploadStatus }) {
  const tone = TONES[status];
  return (
    <Chip
      size="small"
      label={FUNDING_UPLOAD_STATUS_LABELS[status]}
      sx={{ bgcolor: tone.bg, color: tone.fg, fontWeight: 600 }}
    />
  );
}

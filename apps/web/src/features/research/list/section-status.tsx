import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SECTION_STATUS_TEXT, type SectionAdoptionStatus } from '@csp/contracts';

/**
 * The two statuses that ask for work (docs/behaviour/entities.md#section-adoption-status-labels labels 'Outstanding' and 'Additional
 * Information Needed') stand out as chips; the settled ones are plain text.
 */
export function SectionStatus({ status }: { status: SectionAdoptionStatus }) {
  const text = SECTION_STATUS_TEXT[status];
  if (status === 'OUTSTANDING' || status === 'NEEDS_INFORMATION') {
    return (
      <Chip
        size="small"
        label={text}
        // Dark text on a light fill: readable (AA) where a coloured filled chip may not be.
        sx={{
          bgcolor: status === 'OUTSTANDING' ? '#fde8e7' : '#fff3cd',
          color: status === 'OUTSTANDING' ? '#7a1712' : '#5c3c00',
          fontWeight: 600,
          maxWidth: '100%',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
    );
  }
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}

import { useId, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { PRINT_MESSAGES as M } from './print-messages.ts';

export type PathState = 'checking' | 'up' | 'down';

const CHIP = {
  checking: { label: M.checking, color: 'default', icon: <HourglassEmptyIcon /> },
  up: { label: 'Available', color: 'success', icon: <CheckCircleIcon /> },
  down: { label: 'Not available', color: 'warning', icon: <ErrorOutlineIcon /> },
} as const;

/** One printer path in the panel: its name, whether it is available, what it says. */
export function PathSection({
  title,
  state,
  summary,
  children,
}: {
  title: string;
  state: PathState;
  summary: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const chip = CHIP[state];
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ mr: 'auto' }}>
            {title}
          </Typography>
          <Chip size="small" icon={chip.icon} color={chip.color} label={chip.label} />
        </Stack>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {state === 'checking' ? M.checking : summary}
        </Typography>
        {state !== 'checking' && children}
      </Stack>
    </Paper>
  );
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { completenessText } from './textbook-messages.ts';

interface CompletenessBarProps {
  answered: number;
  count: number;
  percent: number;
  /** What the figure is of, for the bar's name (e.g. "Biology"). */
  label: string;
}

/**
 * A share of sections with a final answer: a bar, and the same in words next to it, so it reads
 * the same to a screen reader as on screen ("12 of 15 sections answered, 80%").
 */
export function CompletenessBar({ answered, count, percent, label }: CompletenessBarProps) {
  const text = completenessText(answered, count, percent);
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${label} completeness`}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 1 }}
      />
      {/* The bar already says it (aria-valuetext): read once, not twice. */}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-hidden>
        {text}
      </Typography>
    </Box>
  );
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface ProgressBarProps {
  /** What is going on, naming the bar for screen readers ("Uploading students.csv"). */
  label: string;
  /** Percent done, or null while the amount of work is not known yet. */
  value: number | null;
  /** The same in words ("3.2 MB of 7.4 MB sent (43%)"). */
  text: string;
}

/** A progress bar with its figures in words beside it, read once by a screen reader. */
export function ProgressBar({ label, value, text }: ProgressBarProps) {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }} aria-hidden>
        {label}
      </Typography>
      <LinearProgress
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
        aria-label={label}
        aria-valuetext={text || undefined}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-hidden>
        {text}
      </Typography>
    </Box>
  );
}

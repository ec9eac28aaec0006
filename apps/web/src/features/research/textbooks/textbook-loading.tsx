import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A named spinner: a screen reader hears what is loading, not just that something is. */
export function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-label={label} />
      <Typography color="text.secondary">Loading…</Typography>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner whose label says what is being waited for. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '50vh',
      }}
    >
      <CircularProgress aria-label={label} />
      <Typography color="text.secondary" aria-hidden>
        {label}…
      </Typography>
    </Box>
  );
}

import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A panel of a section's page: a region named by its heading, listed among the landmarks. */
export function ResearchPanel({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography id={headingId} component="h2" variant="h6">
          {title}
        </Typography>
        {aside}
      </Stack>
      <Box sx={{ mt: 1 }}>{children}</Box>
    </Paper>
  );
}

/** A panel's content while it loads, said in words too for screen readers. */
export function PanelLoading({ what }: { what: string }) {
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>Loading {what}…</Typography>
    </Stack>
  );
}

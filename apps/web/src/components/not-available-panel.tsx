import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';

interface NotAvailablePanelProps {
  /** What the area will do, so users know what to expect and where to go meanwhile. */
  children: ReactNode;
  heading?: string;
}

/** An honest placeholder for an area that is still being built. */
export function NotAvailablePanel({
  children,
  heading = 'Not available yet',
}: NotAvailablePanelProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ConstructionIcon color="action" aria-hidden sx={{ mt: 0.5 }} />
        <div>
          <Typography component="h2" variant="h6" gutterBottom>
            {heading}
          </Typography>
          <Typography component="div" color="text.secondary">
            {children}
          </Typography>
        </div>
      </Stack>
    </Paper>
  );
}

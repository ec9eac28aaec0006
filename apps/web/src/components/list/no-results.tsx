import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';

/** A list with no rows: what is empty, a hint, and a way back to a fuller list when there is one. */
export function NoResults({
  title,
  hint,
  action,
}: {
  title: ReactNode;
  hint: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <SearchOffIcon color="action" aria-hidden />
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
        </Stack>
        <Typography color="text.secondary">{hint}</Typography>
        {action}
      </Stack>
    </Paper>
  );
}

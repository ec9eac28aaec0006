import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { METRICS_TEXT as T } from '../metrics-messages.ts';

/**
 * For an account with no division to report on: why the page is quiet, and where to go. A new
 * store has no division at all yet, which is a different reason than the account's roles.
 */
export function NoDivisionsPanel({ storeIsEmpty = false }: { storeIsEmpty?: boolean }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="no-divisions"
      sx={{ p: 3, maxWidth: 720 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <InfoOutlinedIcon color="action" aria-hidden sx={{ mt: 0.5 }} />
        <div>
          <Typography id="no-divisions" component="h2" variant="h6" gutterBottom>
            {storeIsEmpty ? T.emptyStoreHeading : T.noDivisionsHeading}
          </Typography>
          <Typography color="text.secondary">
            {storeIsEmpty ? T.emptyStore : T.noDivisions}
          </Typography>
        </div>
      </Stack>
    </Paper>
  );
}

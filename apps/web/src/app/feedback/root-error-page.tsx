import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Last resort when the shell itself fails: plain, without the providers that may have failed. */
export function RootErrorPage() {
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Something went wrong
      </Typography>
      <Alert severity="error" role="alert">
        <AlertTitle>The portal could not be shown</AlertTitle>
        Reload the page to try again. If it keeps happening, contact the store.
      </Alert>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Box>
  );
}

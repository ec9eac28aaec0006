import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, type ActionName } from '@csp/contracts';

/**
 * What the signed-in user's roles let them do, in plain words: an instructor who cannot adopt a
 * course sees here which action is missing before asking an administrator. The actions are the
 * session's (the union over every scope), so the roles above say where each one applies.
 */
export function OwnActionsSection({ actions }: { actions: readonly ActionName[] }) {
  const labels = actions.map((action) => ACTION_LABELS[action]).sort((a, b) => a.localeCompare(b));
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-label="What your roles let you do"
    >
      <Typography component="h2" variant="h6" gutterBottom>
        What your roles let you do
      </Typography>
      {labels.length === 0 ? (
        <Typography>
          Your roles do not let you adopt, return rentals or manage anything yet. Ask a permission
          administrator of your store for the role you need.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Each applies where the role that grants it applies (see the catalogs above). Ask a
            permission administrator of your store if something you need is missing.
          </Typography>
          <ul aria-label="Your actions">
            {labels.map((label) => (
              <li key={label}>
                <Typography component="span">{label}</Typography>
              </li>
            ))}
          </ul>
        </>
      )}
    </Paper>
  );
}

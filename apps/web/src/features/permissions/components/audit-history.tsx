import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { auditChange, auditEventLabel } from '../audit-change.ts';

/** Who changed this user's account or roles, and what changed, newest first. */
export function AuditHistory(props: {
  entries: readonly AuditEntry[] | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  if (props.isLoading) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading history" />
        <Typography color="text.secondary">Loading history…</Typography>
      </Stack>
    );
  }
  if (props.error) return <Alert severity="error">{errorMessage(props.error)}</Alert>;
  const entries = props.entries ?? [];
  if (entries.length === 0) {
    return <Typography color="text.secondary">No changes have been recorded yet.</Typography>;
  }
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const { added, removed } = auditChange(entry);
        return (
          <Box
            component="li"
            key={entry.id}
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {auditEventLabel(entry.event)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(entry.at)}
              {entry.actor ? ` by ${entry.actor.name} (${entry.actor.userName})` : ''}
            </Typography>
            {added.length > 0 && <Typography variant="body2">Added: {added.join('; ')}</Typography>}
            {removed.length > 0 && (
              <Typography variant="body2">Removed: {removed.join('; ')}</Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

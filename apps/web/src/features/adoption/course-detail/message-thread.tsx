import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionHistoryItem } from '@csp/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { actorLabel } from './history-timeline.tsx';

/** The adoption's messages, oldest first, as a conversation. */
export function MessageThread({ messages }: { messages: readonly AdoptionHistoryItem[] }) {
  if (messages.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No messages yet.
      </Typography>
    );
  }
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {messages.map((item) => (
        <Paper component="li" key={item.id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {actorLabel(item)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(item.at)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1 }}>
            {item.message}
          </Typography>
          {item.notifySubmitter && (
            <Typography variant="body2" color="text.secondary">
              The submitter was e-mailed and asked to respond.
            </Typography>
          )}
          {item.ccEmailList.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Copied to {item.ccEmailList.join(', ')}
            </Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { plural } from '../../../lib/format.ts';
import { MessagingStatusChip } from './adoption-chips.tsx';

/**
 * "Messages:", how many the adoption has and, when someone waits for an answer, its messaging
 * status. The count is the server's count of the thread's messages (messageCount): the status
 * alone cannot say it, NONE only means nobody waits, and a message posted without notifying
 * the submitter leaves it NONE.
 */
export function MessagesLine({ adoption }: { adoption: AdoptionMaterialDTO }) {
  const count = adoption.messageCount;
  const status = adoption.adoptionMessagingStatusName;
  const waiting = status !== 'NONE';
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        Messages:
      </Typography>
      <Typography variant="body2">
        {count === 0 ? 'No messages' : plural(count, 'message')}
      </Typography>
      {waiting && <MessagingStatusChip status={status} />}
    </Stack>
  );
}

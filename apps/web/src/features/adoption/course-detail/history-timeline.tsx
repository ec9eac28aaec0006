import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionHistoryItem } from '@csp/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { describeChange, isCreation, type SectionNamer } from './history-change.ts';

export function actorLabel(item: Pick<AdoptionHistoryItem, 'actor'>): string {
  return item.actor ? `${item.actor.name} (${item.actor.userName})` : 'the system';
}

const ENTRY_SX = { borderLeft: 3, borderColor: 'divider', pl: 1.5 } as const;

/**
 * What happened to the adoption, oldest first: who, when, what, and each field's before and
 * after. Adoptions made before the history was kept have no "Adopted" entry; their creation
 * date stands in for it, so the timeline always starts somewhere. An imported adoption starts
 * with its import's entry instead, which says which file it came from.
 */
export function HistoryTimeline({
  items,
  nameSection,
  adoptedAt,
}: {
  items: readonly AdoptionHistoryItem[];
  nameSection: SectionNamer;
  adoptedAt: string;
}) {
  const recordedCreation = items.some(isCreation);
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {!recordedCreation && (
        <Box component="li" sx={ENTRY_SX}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Adopted
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(adoptedAt)}
          </Typography>
        </Box>
      )}
      {items.map((item) => (
        <Box component="li" key={item.id} sx={ENTRY_SX}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(item.at)} by {actorLabel(item)}
          </Typography>
          {describeChange(item, nameSection).map((change) => (
            <Typography variant="body2" key={change}>
              {change}
            </Typography>
          ))}
        </Box>
      ))}
      {items.length === 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          No changes have been recorded since.
        </Typography>
      )}
    </Stack>
  );
}

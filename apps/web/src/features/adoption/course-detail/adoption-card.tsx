import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionButtons, type AdoptionCardActions } from './adoption-buttons.tsx';
import { AdoptionChips } from './adoption-chips.tsx';
import { AdoptionCover } from './adoption-cover.tsx';
import { summaryFacts } from './adoption-facts.ts';
import { materialOf } from './adoption-format.ts';
import { FactList } from './fact-list.tsx';
import { MessagesLine } from './messages-line.tsx';

export type { AdoptionCardActions };

interface AdoptionCardProps extends AdoptionCardActions {
  adoption: AdoptionMaterialDTO;
  sections: ReadonlyMap<number, AdoptionSection>;
  /** A line under the messages, e.g. that the same adoption is in another list too. */
  note?: string;
}

/** One adoption: cover, title, flags, where and when it applies, and its buttons. */
export function AdoptionCard({ adoption, sections, note, ...actions }: AdoptionCardProps) {
  const headingId = useId();
  const material = materialOf(adoption);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <AdoptionCover
          description={material.description}
          url={material.imageUrl}
          noMaterial={adoption.noTextRequired && !adoption.title && !adoption.proposedTitle}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            id={headingId}
            component="h4"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {material.description}
          </Typography>
          {material.author && (
            <Typography variant="body2" color="text.secondary">
              {material.author}
            </Typography>
          )}
          <MessagesLine adoption={adoption} />
          {note && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {note}
            </Typography>
          )}
        </Box>
      </Stack>
      <AdoptionChips adoption={adoption} />
      <FactList facts={summaryFacts(adoption, sections)} labelWidth={80} compact />
      <AdoptionButtons adoption={adoption} description={material.description} actions={actions} />
    </Paper>
  );
}

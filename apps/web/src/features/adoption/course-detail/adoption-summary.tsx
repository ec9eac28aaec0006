import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionChips } from './adoption-chips.tsx';
import { AdoptionCover } from './adoption-cover.tsx';
import { detailFacts, summaryFacts } from './adoption-facts.ts';
import { materialOf } from './adoption-format.ts';
import { FactList } from './fact-list.tsx';
import { MessagesLine } from './messages-line.tsx';

interface AdoptionSummaryProps {
  adoption: AdoptionMaterialDTO;
  sections: ReadonlyMap<number, AdoptionSection>;
  /** Every field (the details view) rather than a card's few. */
  full?: boolean;
  headingLevel: 'h2' | 'h3';
}

/** An adoption's cover, title, flags, messaging status and facts, for the view and edit panels. */
export function AdoptionSummary({ adoption, sections, full, headingLevel }: AdoptionSummaryProps) {
  const material = materialOf(adoption);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <AdoptionCover
          description={material.description}
          url={material.imageUrl}
          noMaterial={adoption.noTextRequired && !adoption.title && !adoption.proposedTitle}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component={headingLevel}
            variant="h6"
            sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {material.description}
          </Typography>
          <MessagesLine adoption={adoption} />
          {!adoption.active && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              This adoption has ended.
            </Typography>
          )}
        </Box>
      </Stack>
      <AdoptionChips adoption={adoption} />
      <FactList
        facts={full ? detailFacts(adoption, sections) : summaryFacts(adoption, sections, true)}
        labelWidth={140}
        compact
      />
    </Stack>
  );
}

import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { AdoptionChips } from './adoption-chips.tsx';
import { AdoptionCover } from './adoption-cover.tsx';
import { summaryFacts } from './adoption-facts.ts';
import { materialOf } from './adoption-format.ts';
import { FactList } from './fact-list.tsx';
import { MessagesLine } from './messages-line.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

/** What the caller may do to one adoption, and how. Absent handlers hide their buttons. */
export interface AdoptionCardActions {
  onView: (adoption: AdoptionMaterialDTO) => void;
  onEdit?: (adoption: AdoptionMaterialDTO) => void;
  onRemoveFromSection?: (adoption: AdoptionMaterialDTO) => void;
  onRemoveCourseAdoption?: (adoption: AdoptionMaterialDTO) => void;
  onLink?: (adoption: AdoptionMaterialDTO) => void;
}

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
  // Buttons repeat on every card; screen readers hear which adoption each one is for.
  const which = (
    <>
      {' '}
      <VisuallyHidden>of {material.description}</VisuallyHidden>
    </>
  );
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
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
        <CardButton primary onClick={() => actions.onView(adoption)}>
          View details{which}
        </CardButton>
        {actions.onEdit && (
          <CardButton onClick={() => actions.onEdit?.(adoption)}>Edit{which}</CardButton>
        )}
        {actions.onLink && (
          <CardButton onClick={() => actions.onLink?.(adoption)}>
            Link to a catalog title{which}
          </CardButton>
        )}
        {actions.onRemoveFromSection && (
          <CardButton danger onClick={() => actions.onRemoveFromSection?.(adoption)}>
            Remove from section{which}
          </CardButton>
        )}
        {actions.onRemoveCourseAdoption && (
          <CardButton danger onClick={() => actions.onRemoveCourseAdoption?.(adoption)}>
            Remove course adoption{which}
          </CardButton>
        )}
      </Stack>
    </Paper>
  );
}

/** A card's button: View details stands out, a removal is red, the rest are outlined. */
function CardButton(props: {
  primary?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant={props.primary ? 'contained' : 'outlined'}
      color={props.danger ? 'error' : undefined}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

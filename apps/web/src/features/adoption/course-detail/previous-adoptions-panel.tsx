import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import { adoptionDates, adoptionTypeLabel, materialOf } from './adoption-format.ts';
import { isNotFound } from './course-detail-queries.ts';
import { COURSE_DETAIL_MESSAGES as M } from './course-detail-messages.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { PreviousAdoptionsGroup } from './previous-adoptions-group.tsx';
import { ImportedChip } from './adoption-chips.tsx';

interface PreviousAdoptionsPanelProps {
  query: {
    data: { myAdoptions: AdoptionMaterialDTO[]; otherAdoptions: AdoptionMaterialDTO[] } | undefined;
    isPending: boolean;
    error: unknown;
  };
  onView: (adoption: AdoptionMaterialDTO) => void;
}

/**
 * The course's adoptions of the last five years (docs/behaviour/constants.md: 1825 days), ended ones included: the
 * caller's own, then everyone else's. Folded away until asked for, as it can be long.
 */
export function PreviousAdoptionsPanel({ query, onView }: PreviousAdoptionsPanelProps) {
  const total = query.data
    ? query.data.myAdoptions.length + query.data.otherAdoptions.length
    : null;
  return (
    <Accordion slots={{ heading: 'h2' }} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" variant="h6">
          Previous adoptions{total === null ? '' : ` (${total})`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <PreviousAdoptionsBody query={query} onView={onView} />
      </AccordionDetails>
    </Accordion>
  );
}

function PreviousAdoptionsBody({ query, onView }: PreviousAdoptionsPanelProps) {
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading previous adoptions" />
        <Typography color="text.secondary">Loading…</Typography>
      </Stack>
    );
  }
  if (isNotFound(query.error)) return <Typography>{M.noPreviousAdoptions}</Typography>;
  if (query.error || !query.data)
    return <Alert severity="error">{M.previousAdoptionsFailed}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Adoptions that started in the last five years, including ones that have ended.
      </Typography>
      <PreviousList heading="Your adoptions" items={query.data.myAdoptions} onView={onView} />
      <PreviousList heading="Other adoptions" items={query.data.otherAdoptions} onView={onView} />
    </Stack>
  );
}

function PreviousList(props: {
  heading: string;
  items: readonly AdoptionMaterialDTO[];
  onView: (adoption: AdoptionMaterialDTO) => void;
}) {
  return (
    <PreviousAdoptionsGroup heading={props.heading} headingLevel="h3" count={props.items.length}>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {props.items.map((adoption) => {
          const material = materialOf(adoption);
          return (
            <Stack
              component="li"
              key={adoption.adoptionMaterialId}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{
                alignItems: { sm: 'center' },
                justifyContent: 'space-between',
                borderBottom: 1,
                borderColor: 'divider',
                py: 1,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack
                  direction="row"
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
                >
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
                  >
                    {material.description}
                  </Typography>
                  <ImportedChip adoption={adoption} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {[
                    material.isbn,
                    adoptionTypeLabel(adoption),
                    adoptionDates(adoption),
                    adoption.active ? 'Active' : 'Ended',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Button
                size="small"
                variant="outlined"
                onClick={() => props.onView(adoption)}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
              >
                View details <VisuallyHidden>of {material.description}</VisuallyHidden>
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </PreviousAdoptionsGroup>
  );
}

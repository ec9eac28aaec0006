import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import {
  adoptionDates,
  adoptionTypeLabel,
  materialOf,
} from '../../course-detail/adoption-format.ts';
import { isNotFound, usePreviousAdoptions } from '../../course-detail/course-detail-queries.ts';
import { MaterialPickItem } from '../material-pick-item.tsx';
import { WIZARD_MESSAGES as M } from '../wizard-messages.ts';
import type { WizardPageProps } from '../wizard-page-props.ts';
import { PreviousAdoptionsGroup } from '../../course-detail/previous-adoptions-group.tsx';
import { ImportedChip } from '../../course-detail/adoption-chips.tsx';

/** A no-text-required record adopts nothing, so there is nothing in it to reuse. */
const reusable = (adoptions: readonly AdoptionMaterialDTO[]) =>
  adoptions.filter((a) => a.titleId !== null || a.adoptionProposedTitleId !== null);

/**
 * addFromPrevious: the course's adoptions of the last five years (docs/behaviour/constants.md), the caller's and
 * others'. Choosing one goes to questions with its material and answers.
 */
export function AddFromPreviousPage({ course, send }: WizardPageProps) {
  const previous = usePreviousAdoptions(course);
  if (previous.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading previous adoptions" />
        <Typography color="text.secondary">Loading previous adoptions…</Typography>
      </Stack>
    );
  }
  if (isNotFound(previous.error)) return <Typography>{M.noPreviousAdoptions}</Typography>;
  if (previous.isError) return <Alert severity="error">{M.previousAdoptionsFailed}</Alert>;
  const pick = (adoption: AdoptionMaterialDTO) => send({ type: 'PICK_PREVIOUS', adoption });
  return (
    <Stack spacing={2}>
      <PreviousList
        heading="Your adoptions"
        items={reusable(previous.data.myAdoptions)}
        onPick={pick}
      />
      <PreviousList
        heading="Other adoptions"
        items={reusable(previous.data.otherAdoptions)}
        onPick={pick}
      />
    </Stack>
  );
}

function PreviousList(props: {
  heading: string;
  items: readonly AdoptionMaterialDTO[];
  onPick: (adoption: AdoptionMaterialDTO) => void;
}) {
  return (
    <PreviousAdoptionsGroup heading={props.heading} headingLevel="h4" count={props.items.length}>
      <List disablePadding>
        {props.items.map((adoption) => {
          const material = materialOf(adoption);
          const facts = [
            material.author,
            material.isbn && `ISBN ${material.isbn}`,
            material.proposed ? 'Custom title (proposed)' : null,
            adoptionTypeLabel(adoption),
            adoptionDates(adoption),
          ];
          return (
            <MaterialPickItem
              key={adoption.adoptionMaterialId}
              title={material.description}
              facts={facts.filter(Boolean).join(' · ')}
              marker={<ImportedChip adoption={adoption} />}
              onPick={() => props.onPick(adoption)}
            />
          );
        })}
      </List>
    </PreviousAdoptionsGroup>
  );
}

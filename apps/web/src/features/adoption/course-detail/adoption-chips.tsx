import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ADOPTION_SOURCE_LABELS, type AdoptionMaterialDTO } from '@csp/contracts';
import {
  adoptionFlags,
  adoptionTypeLabel,
  materialOf,
  messagingStatusLabel,
} from './adoption-format.ts';

/** The adoption's kind, where it came from and its flags as a labelled list of chips. */
export function AdoptionChips({ adoption }: { adoption: AdoptionMaterialDTO }) {
  const labels = [adoptionTypeLabel(adoption)];
  if (materialOf(adoption).proposed) labels.push('Proposed title');
  // Made in the portal is the rule; only the exception, an imported file's, is worth a chip.
  if (adoption.source === 'IMPORT') labels.push(ADOPTION_SOURCE_LABELS.IMPORT);
  labels.push(...adoptionFlags(adoption));
  return (
    <Stack
      component="ul"
      aria-label="Flags"
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}
    >
      {labels.map((label) => (
        <li key={label}>
          <Chip size="small" variant="outlined" label={label} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * "Imported", beside an adoption's title in a list of previous adoptions: the same chip as the
 * card's, so an adoption from an imported file reads alike wherever it is listed.
 */
export function ImportedChip({ adoption }: { adoption: Pick<AdoptionMaterialDTO, 'source'> }) {
  if (adoption.source !== 'IMPORT') return null;
  return <Chip size="small" variant="outlined" label={ADOPTION_SOURCE_LABELS.IMPORT} />;
}

/** The messaging status; one that needs a response stands out. */
export function MessagingStatusChip({ status }: { status: string }) {
  const label = messagingStatusLabel(status);
  if (status === 'RESPONSE_REQUIRED') return <Chip size="small" color="error" label={label} />;
  if (status === 'RESPONDED') return <Chip size="small" color="success" label={label} />;
  return <Chip size="small" label={label} />;
}

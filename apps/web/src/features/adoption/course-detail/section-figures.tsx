import type { AdoptionSection } from '@csp/contracts';
import Stack from '@mui/material/Stack';
import { CostChip } from '../../../components/cost-designation-chip.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { costRangeText } from '../../../lib/money.ts';

/**
 * docs/behaviour/constants.md: a section whose one listing says no text is required shows NMR instead of a count.
 */
export function showsNoMaterialRequired(section: AdoptionSection): boolean {
  return section.noTextRequired && section.listingCount === 1;
}

export function AdoptionCount({ section }: { section: AdoptionSection }) {
  if (showsNoMaterialRequired(section)) return <abbr title="No material required">NMR</abbr>;
  return <>{section.listingCount}</>;
}

export function sectionDates(section: AdoptionSection): string {
  return `${formatDisplayDate(section.startDate)} to ${formatDisplayDate(section.endDate)}`;
}

export function professorsLabel(section: AdoptionSection): string {
  return section.professorNames.length > 0 ? section.professorNames.join(', ') : 'Not assigned';
}

/** The share of the section's order items fulfilled; "No orders" before it has any. */
export function fulfilmentLabel(section: AdoptionSection): string {
  return section.percentOrderItemsFulfilled === null
    ? 'No orders'
    : `${section.percentOrderItemsFulfilled}%`;
}

/** What a section's required materials cost (docs/behaviour/flows.md#cost-transparency). */
export function costLabel(section: AdoptionSection): string {
  if (section.listingCount === 0) return 'No adoption yet';
  return costRangeText(section.requiredCostLowCents, section.requiredCostHighCents) ?? 'Unknown';
}

/** Its designation chip (none for no designation) beside the cost range. */
export function SectionCost({ section }: { section: AdoptionSection }) {
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'inherit' }}
    >
      <CostChip designation={section.designation} />
      <span>{costLabel(section)}</span>
    </Stack>
  );
}

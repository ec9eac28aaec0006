import type { AdoptionSection } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

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

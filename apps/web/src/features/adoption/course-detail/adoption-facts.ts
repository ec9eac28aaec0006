import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { adoptionDates, coverageLabel, materialOf } from './adoption-format.ts';
import type { Fact } from './fact-list.tsx';

type Known = ReadonlyMap<number, AdoptionSection>;

/**
 * What a card shows: the material and where and when it applies. The author is under the
 * card's title already; `withAuthor` adds it for views that do not show it there.
 */
export function summaryFacts(
  adoption: AdoptionMaterialDTO,
  known: Known,
  withAuthor = false,
): Fact[] {
  const material = materialOf(adoption);
  const facts: Fact[] = [];
  if (material.isbn) facts.push({ label: 'ISBN-13', value: material.isbn });
  if (withAuthor && material.author) facts.push({ label: 'Author', value: material.author });
  if (material.edition) facts.push({ label: 'Edition', value: material.edition });
  if (material.publisher) facts.push({ label: 'Publisher', value: material.publisher });
  facts.push({ label: 'Dates', value: adoptionDates(adoption) });
  facts.push({ label: 'Sections', value: coverageLabel(adoption, known) });
  return facts;
}

const LISTING: Record<string, string> = {
  LISTED: 'Listed',
  PENDING: 'Pending',
  NOT_LISTED: 'Not listed',
};

/** Everything known about an adoption, for its details view. */
export function detailFacts(adoption: AdoptionMaterialDTO, known: Known): Fact[] {
  const facts = summaryFacts(adoption, known, true);
  const { title, proposedTitle } = adoption;
  if (title?.isbn10) facts.push({ label: 'ISBN-10', value: title.isbn10 });
  if (title?.digitalIsbn) facts.push({ label: 'Digital ISBN', value: title.digitalIsbn });
  if (title?.productCode) facts.push({ label: 'Product code', value: title.productCode });
  if (proposedTitle) {
    facts.push({ label: 'Product code', value: proposedTitle.productCode || '(none)' });
    facts.push({ label: 'Digital product', value: proposedTitle.digitalProduct ? 'Yes' : 'No' });
    if (proposedTitle.productLink) {
      facts.push({ label: 'Product link', value: proposedTitle.productLink });
    }
    if (proposedTitle.contactInformation) {
      facts.push({ label: 'Contact', value: proposedTitle.contactInformation });
    }
    if (proposedTitle.notes) facts.push({ label: 'Notes', value: proposedTitle.notes });
  }
  if (adoption.estimatedSectionEnrollment !== null) {
    facts.push({ label: 'Estimated enrollment', value: adoption.estimatedSectionEnrollment });
  }
  facts.push({
    label: 'Catalog listing',
    value: LISTING[adoption.catalogListingStatus] ?? adoption.catalogListingStatus,
  });
  if (adoption.externalAdoptionNote) {
    facts.push({ label: 'Note', value: adoption.externalAdoptionNote });
  }
  facts.push({ label: 'Adopted', value: formatDisplayDate(adoption.createdAt) });
  facts.push({ label: 'Last changed', value: formatDisplayDate(adoption.updatedAt) });
  return facts;
}

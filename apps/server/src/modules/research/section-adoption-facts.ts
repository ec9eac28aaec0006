import { SECTION_ADOPTION_STATUSES } from '@csp/contracts';

/** The adoption facts kept on `sections` (migration 0012), as section research reads them. */
export interface StoredSectionFacts {
  enrollmentCount: number;
  listingCount: number;
  hasNtr: boolean;
  hasText: boolean;
  adoptionRank: number;
}

/** The facts as the section list and a section's detail both answer them. */
export function answeredSectionFacts(row: StoredSectionFacts) {
  return {
    enrollmentCount: row.enrollmentCount,
    listingCount: row.listingCount,
    sectionHasNTRAdoption: row.hasNtr,
    sectionHasNonNTRAdoption: row.hasText,
    // No text is required when the section's only coverage says so.
    noTextRequired: row.hasNtr && !row.hasText,
    adoptionStatus: SECTION_ADOPTION_STATUSES[row.adoptionRank] ?? 'OUTSTANDING',
  };
}

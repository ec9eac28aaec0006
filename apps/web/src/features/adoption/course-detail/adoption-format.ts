import { ADOPTION_TYPE } from '@csp/contracts';
import {
  MATERIAL_KIND_LABELS,
  MESSAGING_STATUSES,
  type AdoptionMaterialDTO,
  type AdoptionSection,
} from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

/** What an adoption adopts, whether a catalog title, a proposed title or nothing at all. */
export interface MaterialInfo {
  description: string;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  /** The hyphenated ISBN-13 of a catalog title. */
  isbn: string | null;
  imageUrl: string | null;
  proposed: boolean;
}

export function materialOf(adoption: AdoptionMaterialDTO): MaterialInfo {
  const { title, proposedTitle } = adoption;
  if (title) {
    return {
      description: title.description,
      author: title.author || null,
      edition: title.edition || null,
      publisher: title.publisher || null,
      isbn: title.formattedEan13 || null,
      imageUrl: title.bookImageUrl,
      proposed: false,
    };
  }
  if (proposedTitle) {
    return {
      description: proposedTitle.description,
      author: proposedTitle.author || null,
      edition: proposedTitle.edition || null,
      publisher: proposedTitle.publisher || null,
      isbn: null,
      imageUrl: null,
      proposed: true,
    };
  }
  // A no-text-required adoption adopts nothing: it records that the course needs no material.
  return {
    description: adoption.noTextRequired ? 'No course materials required' : 'No material named',
    author: null,
    edition: null,
    publisher: null,
    isbn: null,
    imageUrl: null,
    proposed: false,
  };
}

/** The adoption's flags as staff name them (docs/behaviour/entities.md#adoption-material), in a fixed order. */
export function adoptionFlags(adoption: AdoptionMaterialDTO): string[] {
  const flags: string[] = [];
  if (adoption.noTextRequired) flags.push('No text required');
  else flags.push(adoption.required ? 'Required' : 'Optional');
  // Bought print is the usual kind; any other (an OER, a library e-book) is worth a flag.
  const kind = adoption.materialKind;
  if (kind && kind !== 'COMMERCIAL_PRINT' && !(kind === 'INCLUSIVE_ACCESS' && adoption.ia)) {
    flags.push(MATERIAL_KIND_LABELS[kind]);
  }
  if (adoption.bindInComponentRequired) flags.push('Bind-in component');
  if (adoption.printOnlyRequired) flags.push('Print only');
  if (adoption.flexibleOnEdition) flags.push('Flexible on edition');
  if (adoption.ia) {
    flags.push(
      adoption.iapublisher ? `Inclusive access (${adoption.iapublisher})` : 'Inclusive access',
    );
  }
  return flags;
}

export function adoptionTypeLabel(adoption: Pick<AdoptionMaterialDTO, 'adoptionType'>): string {
  return adoption.adoptionType === ADOPTION_TYPE.AUTO ? 'Course adoption' : 'Section adoption';
}

export function messagingStatusLabel(name: string): string {
  return (MESSAGING_STATUSES as Record<string, string>)[name] ?? name;
}

export function needsResponse(adoption: Pick<AdoptionMaterialDTO, 'adoptionMessagingStatusName'>) {
  return adoption.adoptionMessagingStatusName === 'RESPONSE_REQUIRED';
}

/** "A1 (Fall 2026)": section codes repeat from term to term, so the term tells them apart. */
export function sectionLabel(
  section: { sectionId: number; sectionCode: string },
  known: ReadonlyMap<number, AdoptionSection>,
): string {
  const found = known.get(section.sectionId);
  return found ? `${section.sectionCode} (${found.termName})` : section.sectionCode;
}

/** Which sections an adoption applies to, in words. */
export function coverageLabel(
  adoption: AdoptionMaterialDTO,
  known: ReadonlyMap<number, AdoptionSection>,
): string {
  if (adoption.adoptionType === ADOPTION_TYPE.AUTO) return 'Every section of the course';
  if (adoption.sections.length === 0) return 'None (removed from every section)';
  return adoption.sections.map((s) => sectionLabel(s, known)).join(', ');
}

/** "08/25/2026 to 12/12/2026", or "from 08/25/2026" for an adoption that does not expire. */
export function adoptionDates(adoption: Pick<AdoptionMaterialDTO, 'startDate' | 'expirationDate'>) {
  const start = formatDisplayDate(adoption.startDate);
  return adoption.expirationDate
    ? `${start} to ${formatDisplayDate(adoption.expirationDate)}`
    : `From ${start}, no expiration`;
}

/**
 * Whether the adoption still applies to the course: active and, for a section adoption, still
 * on some section. One removed from all its sections or ended is only a previous adoption; the
 * sections table no longer counts it, so neither do the lists.
 */
export function isCurrent(adoption: AdoptionMaterialDTO): boolean {
  if (!adoption.active) return false;
  return adoption.adoptionType !== ADOPTION_TYPE.SECTION || adoption.sections.length > 0;
}

/**
 * The current adoptions by the lists of docs/behaviour/routes-and-guard.md. Every current
 * adoption is in its type's list, so the section adoptions agree with the sections table's
 * counts; one waiting for a response is in "Needing a response" as well, as that list is the
 * work to do rather than a kind of adoption. `hidden` counts the adoptions in no list.
 */
export function groupAdoptions(adoptions: readonly AdoptionMaterialDTO[]) {
  const current = adoptions.filter(isCurrent);
  return {
    needingResponse: current.filter(needsResponse),
    section: current.filter((a) => a.adoptionType === ADOPTION_TYPE.SECTION),
    course: current.filter((a) => a.adoptionType === ADOPTION_TYPE.AUTO),
    hidden: adoptions.length - current.length,
  };
}

import { ADOPTION_TYPE } from '@csp/contracts';
import type { AdoptionMaterialDTO, AdoptionSection } from '@csp/contracts';
import type { CourseCapabilities } from './course-capabilities.ts';

/**
 * The adoption's sections the caller may take it off: those among the sections the server
 * lists for them (the ones they may adopt for that have not ended). Another adopter's or an
 * ended section is left alone; the server would refuse the first.
 */
export function removableSections(
  adoption: AdoptionMaterialDTO,
  adoptable: ReadonlyMap<number, AdoptionSection>,
): AdoptionSection[] {
  if (adoption.adoptionType !== 'SECTION_ADOPTION') return [];
  return adoption.sections
    .map((s) => adoptable.get(s.sectionId))
    .filter((s): s is AdoptionSection => s !== undefined);
}

/** A course (auto) adoption of a proposed title can be ended here (removeProposedTitleAutoAdoption). */
export function mayEndCourseAdoption(
  adoption: AdoptionMaterialDTO,
  capabilities: CourseCapabilities,
): boolean {
  return (
    capabilities.mayActOnCourse &&
    adoption.active &&
    adoption.adoptionType === ADOPTION_TYPE.AUTO &&
    adoption.adoptionProposedTitleId !== null
  );
}

/** An adoption of a proposed title not yet linked to a catalog title (the link_new mode's). */
export function mayLinkToTitle(adoption: AdoptionMaterialDTO, capabilities: CourseCapabilities) {
  return (
    capabilities.mayLinkTitles &&
    adoption.active &&
    adoption.proposedTitle !== null &&
    adoption.titleId === null
  );
}

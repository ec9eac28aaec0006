import {
  ADOPTION_EXISTS_MESSAGE,
  ADOPTION_TYPE,
  sectionBlockedMessage,
  sectionLabel,
  wholeCourseBlock,
  type AdoptionMaterialDTO,
  type AdoptionSection,
  type SelectionFlow,
} from '@csp/contracts';
import type { WizardContext } from './wizard-context.ts';

/** A store material an adoption can carry: a catalog title or a proposed title. */
export type MaterialRef = { titleId: number } | { adoptionProposedTitleId: number };

/** Where the course already carries the wizard's material (the server's refuseDuplicates). */
export interface MaterialCoverage {
  /** An active auto adoption has it: no other adoption of it may be made. */
  onAutoAdoption: boolean;
  /** The sections an active section adoption of it is on. */
  sectionIds: ReadonlySet<number>;
}

const NOTHING: MaterialCoverage = { onAutoAdoption: false, sectionIds: new Set() };

/** Why a section that already has the title cannot be chosen for it again. */
export const HAS_THIS_TITLE = 'Already has this title';

function refOf(adoption: AdoptionMaterialDTO | null): MaterialRef | null {
  if (adoption?.titleId != null) return { titleId: adoption.titleId };
  if (adoption?.adoptionProposedTitleId != null) {
    return { adoptionProposedTitleId: adoption.adoptionProposedTitleId };
  }
  return null;
}

/**
 * The store material the wizard adopts, once it is known; null for "no text required" and for
 * a distributor product that is not a store title yet (no adoption can carry it).
 */
export function wizardMaterial(context: WizardContext): MaterialRef | null {
  if (context.mode === 'edit') return refOf(context.adoption);
  if (context.mode !== 'create') return null;
  if (context.flow === 'search' && context.material?.titleId != null) {
    return { titleId: context.material.titleId };
  }
  if (context.flow === 'custom' && context.proposal?.saved) {
    return { adoptionProposedTitleId: context.proposal.saved.proposedTitleId };
  }
  if (context.flow === 'addFromPrevious') return refOf(context.previous);
  return null;
}

const sameMaterial = (adoption: AdoptionMaterialDTO, material: MaterialRef) =>
  'titleId' in material
    ? adoption.titleId === material.titleId
    : adoption.adoptionProposedTitleId === material.adoptionProposedTitleId;

/** Where the course's active adoptions, other than the one edited, already carry the material. */
export function materialCoverage(
  adoptions: readonly AdoptionMaterialDTO[] | undefined,
  material: MaterialRef | null,
  exceptId: number | null,
): MaterialCoverage {
  if (!adoptions || !material) return NOTHING;
  const same = adoptions.filter(
    (a) => a.active && a.adoptionMaterialId !== exceptId && sameMaterial(a, material),
  );
  return {
    onAutoAdoption: same.some((a) => a.adoptionType === ADOPTION_TYPE.AUTO),
    sectionIds: new Set(
      same
        .filter((a) => a.adoptionType === ADOPTION_TYPE.SECTION)
        .flatMap((a) => a.sections.map((s) => s.sectionId)),
    ),
  };
}

/**
 * Why the material cannot be adopted for every section of the course, in the words the server
 * would refuse it with; null when it can. Asked as soon as "every section" is chosen, so the
 * answer comes before submit rather than after.
 */
export function autoAdoptionBlock(
  sections: readonly AdoptionSection[],
  coverage: MaterialCoverage,
  flow: SelectionFlow,
): string | null {
  const block = wholeCourseBlock(sections, flow);
  if (block) {
    return `${sectionBlockedMessage(block.section, block.reason)} Answer No and choose the other sections instead.`;
  }
  if (coverage.onAutoAdoption) return ADOPTION_EXISTS_MESSAGE;
  const carrying = sections.filter((s) => coverage.sectionIds.has(s.sectionId));
  if (carrying.length > 0) {
    const names = carrying.map(sectionLabel).join(', ');
    const these =
      carrying.length === 1 ? `Section ${names} already has` : `Sections ${names} already have`;
    return `${ADOPTION_EXISTS_MESSAGE} ${these} it: answer No and choose the other sections instead.`;
  }
  return null;
}

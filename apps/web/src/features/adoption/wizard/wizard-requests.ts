import {
  ADOPTION_EXISTS_MESSAGE,
  effectiveMaterialKind,
  noTextRequiredAnswers,
  type AdoptionAnswers,
  type CreateAdoptionBody,
  type MaterialSearchResult,
  type ModifyAdoptionBody,
} from '@csp/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import type { CourseRef } from '../course-detail/course-ref.ts';
import { materialKindInfo } from './questions-defaults.ts';
import type { WizardContext } from './wizard-context.ts';
import { WIZARD_MESSAGES as M } from './wizard-messages.ts';

/** What an adoption adopts; an external product is made a store title first (docs/behaviour/flows.md#create-edit-and-link Create). */
export type AdoptedMaterial =
  | { titleId: number }
  | { adoptionProposedTitleId: number }
  | { externalProductId: number }
  | { noTextRequired: true };
export type StoreMaterial = Exclude<AdoptedMaterial, { externalProductId: number }>;

export function searchResultMaterial(material: MaterialSearchResult): AdoptedMaterial {
  if (material.titleId != null) return { titleId: material.titleId };
  if (material.externalProductId != null) return { externalProductId: material.externalProductId };
  throw new Error('The search result names no title or product');
}

/** The material the wizard's flow chose. */
export function adoptedMaterial(context: WizardContext): AdoptedMaterial {
  if (context.flow === 'noMaterials') return { noTextRequired: true };
  if (context.flow === 'custom') {
    const id = context.proposal?.saved?.proposedTitleId;
    if (id != null) return { adoptionProposedTitleId: id };
  } else if (context.flow === 'addFromPrevious') {
    const previous = context.previous;
    if (previous?.titleId != null) return { titleId: previous.titleId };
    if (previous?.adoptionProposedTitleId != null) {
      return { adoptionProposedTitleId: previous.adoptionProposedTitleId };
    }
  } else if (context.material) {
    return searchResultMaterial(context.material);
  }
  throw new Error('No material was chosen');
}

/** The createAdoption body: booleans, a number enrollment, YYYY-MM-DD dates (docs/behaviour/validation.md, docs/behaviour/constants.md). */
export function createAdoptionRequest(
  context: WizardContext,
  course: CourseRef,
  material: StoreMaterial,
): CreateAdoptionBody {
  const sections = context.sections;
  const shared = {
    adoptionCatalog: { ...course },
    message: sections?.message || null,
    requestId: context.requestId ?? undefined,
  };
  if ('noTextRequired' in material) {
    const details = context.noMaterial;
    if (!details) throw new Error('The no-text-required dates are missing');
    return {
      ...shared,
      adoptionMaterial: { ...noTextRequiredAnswers, ...details, noTextRequired: true },
      autoAdopt: false,
      iapublisher: null,
      sectionIdList: sections?.sectionIdList ?? [],
    };
  }
  const answers = context.answers;
  if (!answers) throw new Error('The answers are missing');
  const { autoAdopt, iapublisher, materialKind, ...adoptionAnswers } = answers;
  // Issue 31: a kind is sent only when it is a choice: not the one the adoption has without one
  // (its "Inclusive access?" answer, else its title's kind).
  const own = materialKindInfo(context).kind;
  const kind =
    materialKind !== effectiveMaterialKind(null, adoptionAnswers.ia, own) ? { materialKind } : {};
  return {
    ...shared,
    adoptionMaterial: { ...adoptionAnswers, ...kind, ...material, noTextRequired: false },
    autoAdopt,
    iapublisher: adoptionAnswers.ia ? iapublisher : null,
    // docs/behaviour/flows.md: Yes makes an auto adoption, which lists no sections.
    sectionIdList: autoAdopt ? [] : (sections?.sectionIdList ?? []),
  };
}

const ANSWER_KEYS = [
  'required',
  'bindInComponentRequired',
  'printOnlyRequired',
  'flexibleOnEdition',
  'ia',
  'estimatedSectionEnrollment',
  'externalAdoptionNote',
  'startDate',
  'expirationDate',
] as const satisfies readonly (keyof AdoptionAnswers)[];

/**
 * The modifyAdoption body: only the answers that changed; an emptied end date is the
 * clearExpirationDate flag (docs/behaviour/validation.md). A section adoption sends its sections; an auto adoption
 * covers every section and sends none.
 */
export function modifyAdoptionRequest(context: WizardContext): ModifyAdoptionBody {
  const adoption = context.adoption;
  if (!adoption) throw new Error('The adoption to edit is missing');
  const changed: Partial<AdoptionAnswers> = {};
  const answers = context.answers;
  let clearExpirationDate = false;
  if (answers) {
    for (const key of ANSWER_KEYS) {
      if (answers[key] === adoption[key]) continue;
      if (key === 'expirationDate' && answers.expirationDate === null) clearExpirationDate = true;
      else Object.assign(changed, { [key]: answers[key] });
    }
  }
  const publisher = answers?.ia && answers.iapublisher !== adoption.iapublisher;
  // Issue 31: sent only when the adopter chose another kind than the adoption has.
  const kind =
    answers && answers.materialKind !== adoption.materialKind
      ? { materialKind: answers.materialKind }
      : {};
  return {
    adoptionMaterial: { ...changed, ...kind, adoptionMaterialId: adoption.adoptionMaterialId },
    clearExpirationDate,
    iapublisher: publisher ? answers.iapublisher : undefined,
    sectionIdList:
      adoption.adoptionType === 'SECTION_ADOPTION' ? context.sections?.sectionIdList : undefined,
  };
}

/**
 * docs/behaviour/messages.md: the server's 'Adoption already exists for this title.' is followed by what it means
 * (the field it names says which case; without one, what the user asked for decides).
 */
export function createFailureMessage(error: unknown, autoAdopt: boolean): string {
  if (
    error instanceof ApiRequestError &&
    error.status === 409 &&
    error.message === ADOPTION_EXISTS_MESSAGE
  ) {
    const auto = error.field ? error.field === 'autoAdopt' : autoAdopt;
    return `${ADOPTION_EXISTS_MESSAGE} ${auto ? M.alreadyAutoAdopted : M.alreadySectionAdopted}`;
  }
  return `${M.createFailed} ${errorMessage(error)}`;
}

export const updateFailureMessage = (error: unknown) => `${M.updateFailed} ${errorMessage(error)}`;
export const proposalFailureMessage = (error: unknown) =>
  `${M.proposalFailed} ${errorMessage(error)}`;

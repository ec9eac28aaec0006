import {
  ADOPTION_TYPE,
  DEFAULT_MATERIAL_KIND,
  inclusiveAccessInStep,
  type MaterialKind,
} from '@csp/contracts';
import type { WizardPermissions } from './course-wizard-rules.ts';
import type { WizardContext } from './wizard-context.ts';
import type { DateRules, QuestionsFormValues, QuestionsValues } from './wizard-schemas.ts';

/**
 * The chosen title's own kind, licence and address (issue 31): a search result's, or the title
 * of the adoption edited or reused; a proposed title has none, so it is bought print.
 */
export interface MaterialKindInfo {
  kind: MaterialKind;
  licence: string | null;
  accessUrl: string | null;
}

export function materialKindInfo(context: WizardContext): MaterialKindInfo {
  if (context.flow === 'search' && context.material) {
    const { materialKind, licence, accessUrl } = context.material;
    return { kind: materialKind, licence, accessUrl };
  }
  const adoption = context.mode === 'create' ? context.previous : context.adoption;
  if (context.flow === 'custom' || !adoption) {
    return { kind: DEFAULT_MATERIAL_KIND, licence: null, accessUrl: null };
  }
  return {
    kind: adoption.title?.materialKind ?? DEFAULT_MATERIAL_KIND,
    licence: adoption.title?.licence ?? null,
    accessUrl: adoption.title?.accessUrl ?? null,
  };
}

const NEW_ANSWERS: Omit<QuestionsFormValues, 'startDate' | 'materialKind'> = {
  required: true,
  bindInComponentRequired: false,
  printOnlyRequired: false,
  flexibleOnEdition: false,
  ia: false,
  iapublisher: '',
  estimatedSectionEnrollment: '',
  externalAdoptionNote: '',
  expirationDate: '',
  autoAdopt: false,
};

/** Answers back into the form's text (Back to questions is cleared, but a reload is not). */
function asForm(answers: QuestionsValues, kind: MaterialKind): QuestionsFormValues {
  return {
    ...answers,
    // Answers kept from before kinds were asked have none: the material's own.
    materialKind: answers.materialKind ?? kind,
    estimatedSectionEnrollment: answers.estimatedSectionEnrollment?.toString() ?? '',
    expirationDate: answers.expirationDate ?? '',
  };
}

/**
 * What the questions page starts with: the answers given, else the edited adoption's, else
 * (addFromPrevious) the reused adoption's. A reused adoption's dates have passed, so it starts
 * today and has no end date; answers the caller may not give here start at No.
 */
export function questionsDefaults(
  context: WizardContext,
  today: string,
  permissions: WizardPermissions,
): QuestionsFormValues {
  const own = materialKindInfo(context).kind;
  if (context.answers) return asForm(context.answers, own);
  const editing = context.mode === 'edit';
  const source = editing ? context.adoption : context.previous;
  if (!source) {
    // An inclusive access title starts answered yes (one rule: inclusiveAccessInStep). Stored
    // answers are shown as they are: the adopter's change brings them in step.
    const answers = inclusiveAccessInStep({ ia: false, materialKind: own }, 'materialKind', own);
    return { ...NEW_ANSWERS, ...answers, startDate: today };
  }
  return {
    // The kind the adoption has, its adopter's choice included.
    materialKind: source.materialKind ?? own,
    required: source.required,
    bindInComponentRequired: source.bindInComponentRequired,
    printOnlyRequired: source.printOnlyRequired && (editing || permissions.mayChoosePrintOnly),
    flexibleOnEdition: source.flexibleOnEdition,
    ia: source.ia,
    iapublisher: source.iapublisher ?? '',
    estimatedSectionEnrollment: source.estimatedSectionEnrollment?.toString() ?? '',
    externalAdoptionNote: source.externalAdoptionNote,
    startDate: editing ? source.startDate : today,
    expirationDate: editing ? (source.expirationDate ?? '') : '',
    autoAdopt: source.adoptionType === ADOPTION_TYPE.AUTO && (editing || permissions.mayAutoAdopt),
  };
}

/** docs/behaviour/validation.md: in these flows the earliest start is today; an edit may keep the date it has. */
export function questionDateRules(context: WizardContext, today: string): DateRules {
  return {
    minStartDate: today,
    unchangedStartDate: context.mode === 'edit' ? (context.adoption?.startDate ?? null) : null,
  };
}

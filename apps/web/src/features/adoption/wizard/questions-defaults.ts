import { ADOPTION_TYPE } from '@csp/contracts';
import type { WizardPermissions } from './course-wizard-rules.ts';
import type { WizardContext } from './wizard-context.ts';
import type { DateRules, QuestionsFormValues, QuestionsValues } from './wizard-schemas.ts';

const NEW_ANSWERS: Omit<QuestionsFormValues, 'startDate'> = {
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
function asForm(answers: QuestionsValues): QuestionsFormValues {
  return {
    ...answers,
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
  if (context.answers) return asForm(context.answers);
  const editing = context.mode === 'edit';
  const source = editing ? context.adoption : context.previous;
  if (!source) return { ...NEW_ANSWERS, startDate: today };
  return {
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

import { z } from 'zod';
import {
  LATEST_EDITION,
  adoptionAnswers,
  createAdoptionBody,
  dbId,
  materialKind,
  materialSearchQuery,
  proposedTitleInput,
} from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

/*
 * The wizard's forms, each checked with the contract's own rules: a form's fields are the text
 * and choices the user works with, turned into the contract's values and then piped through (or
 * picked from) the contract schema, so a rule is written once, in packages/contracts.
 */

const blankAs = <T>(empty: T) => z.string().transform((value) => value.trim() || empty);

/** Search: the words typed, cleaned and checked as the server will (docs/behaviour/validation.md). */
export const searchFormSchema = z
  .object({
    searchString: z.string(),
    edition: z.string(),
    publisher: z.string(),
    publishStartDate: blankAs(undefined),
    publishEndDate: blankAs(undefined),
  })
  // Typed as the contract's input, which zod's pipe wants exactly.
  .transform((values): z.input<typeof materialSearchQuery> => values)
  .pipe(materialSearchQuery);
export type SearchFormValues = z.input<typeof searchFormSchema>;
/** A search as sent (the string cleaned, page and page size filled in). */
export type SearchCriteria = z.output<typeof searchFormSchema>;

type ProposalInput = Omit<z.input<typeof proposedTitleInput>, 'proposedProductTypeId'> & {
  proposedProductTypeId: number | undefined;
};

/** productDetail: a custom title; the edition is 'Latest' or the one typed (docs/behaviour/entities.md). */
export const proposalFormSchema = z
  .object({
    description: z.string(),
    author: z.string(),
    publisher: z.string(),
    latestEdition: z.boolean(),
    edition: z.string(),
    productCode: z.string(),
    productLink: z.string(),
    digitalProduct: z.boolean(),
    contactInformation: z.string(),
    notes: z.string(),
    proposedProductTypeId: z.string(),
  })
  .transform(({ latestEdition, proposedProductTypeId, ...rest }): ProposalInput => ({
    ...rest,
    edition: latestEdition ? LATEST_EDITION : rest.edition,
    proposedProductTypeId: proposedProductTypeId ? Number(proposedProductTypeId) : undefined,
  }))
  .pipe(
    proposedTitleInput.extend({
      // The contract's id rule, with words for the one way a form gets it wrong: no choice.
      proposedProductTypeId: z.number({ error: 'Choose the kind of material.' }).pipe(dbId),
    }),
  );
export type ProposalFormValues = z.input<typeof proposalFormSchema>;
export type ProposalValues = z.output<typeof proposalFormSchema>;

/** The limits on the dates a page asks for; null where there is none. */
export interface DateRules {
  /** The earliest start date (docs/behaviour/validation.md), unless the date is the one the adoption already has. */
  minStartDate: string | null;
  unchangedStartDate: string | null;
}

const startDateField = z
  .string()
  .trim()
  .min(1, 'Enter the start date.')
  .pipe(adoptionAnswers.shape.startDate);
const endDateField = blankAs(null).pipe(adoptionAnswers.shape.expirationDate);

function checkDates(
  values: { startDate: string; expirationDate: string | null },
  rules: DateRules,
  ctx: z.RefinementCtx,
) {
  const { startDate, expirationDate } = values;
  if (
    rules.minStartDate &&
    startDate < rules.minStartDate &&
    startDate !== rules.unchangedStartDate
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['startDate'],
      message: `Must be on or after ${formatDisplayDate(rules.minStartDate)}.`,
    });
  }
  if (expirationDate && expirationDate < startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['expirationDate'],
      message: 'Must be on or after the start date.',
    });
  }
}

/** The questions page (docs/behaviour/entities.md#adoption-material): Yes/No as booleans, enrollment a number. */
export function questionsFormSchema(rules: DateRules) {
  return adoptionAnswers
    .pick({
      required: true,
      bindInComponentRequired: true,
      printOnlyRequired: true,
      flexibleOnEdition: true,
      ia: true,
      externalAdoptionNote: true,
    })
    .extend({
      estimatedSectionEnrollment: z
        .string()
        .transform((value) => (value.trim() === '' ? null : Number(value)))
        .pipe(adoptionAnswers.shape.estimatedSectionEnrollment),
      startDate: startDateField,
      expirationDate: endDateField,
      autoAdopt: createAdoptionBody.shape.autoAdopt.unwrap(),
      // Issue 31: what a student pays for it; the title's own kind unless the adopter says.
      materialKind,
      iapublisher: z.string().pipe(createAdoptionBody.shape.iapublisher.unwrap().unwrap()),
    })
    .superRefine((values, ctx) => {
      checkDates(values, rules, ctx);
      if (values.ia && !values.iapublisher) {
        ctx.addIssue({
          code: 'custom',
          path: ['iapublisher'],
          message: 'Enter the inclusive access publisher.',
        });
      }
    });
}
export type QuestionsFormValues = z.input<ReturnType<typeof questionsFormSchema>>;
export type QuestionsValues = z.output<ReturnType<typeof questionsFormSchema>>;

/** noMaterials: when "no text required" applies, and a note. */
export function noMaterialsFormSchema(rules: DateRules) {
  return adoptionAnswers
    .pick({ externalAdoptionNote: true })
    .extend({ startDate: startDateField, expirationDate: endDateField })
    .superRefine((values, ctx) => checkDates(values, rules, ctx));
}
export type NoMaterialsFormValues = z.input<ReturnType<typeof noMaterialsFormSchema>>;
export type NoMaterialsValues = z.output<ReturnType<typeof noMaterialsFormSchema>>;

export const CHOOSE_SECTION_MESSAGE = 'Choose at least one section.';

/** selectMaterial: the sections (none for an auto adoption) and a first message. */
export function sectionsFormSchema(options: { everySection: boolean }) {
  const list = createAdoptionBody.shape.sectionIdList.unwrap();
  return z.object({
    sectionIdList: options.everySection ? list : list.min(1, CHOOSE_SECTION_MESSAGE),
    showAll: z.boolean(),
    message: z.string().pipe(createAdoptionBody.shape.message.unwrap().unwrap()),
  });
}
export type SectionsFormValues = z.input<ReturnType<typeof sectionsFormSchema>>;
export type SectionsValues = z.output<ReturnType<typeof sectionsFormSchema>>;

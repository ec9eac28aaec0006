import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbId, withoutNul } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { adoptionMaterialDTO, proposedTitleDTO } from './adoption-materials.ts';
import { calendarDay } from './course-catalog.ts';
import { materialKind } from './title-kinds.ts';

const text = (max: number) =>
  withoutNul(z.string().trim().max(max, `must be at most ${max} characters`));

/** docs/behaviour/entities.md#proposed-title: edition is 'Latest' or a value. */
export const LATEST_EDITION = 'Latest';

/**
 * A custom title proposed on productDetail (docs/behaviour/entities.md#proposed-title, without its id). The
 * description is the title itself, the one field a store cannot act without.
 */
export const proposedTitleInput = z.object({
  description: text(300).min(1, 'Enter the title of the material.'),
  author: text(200).default(''),
  contactInformation: text(300).default(''),
  digitalProduct: z.boolean().default(false),
  edition: text(50).min(1, `Enter an edition, or ${LATEST_EDITION}.`).default(LATEST_EDITION),
  notes: text(2000).default(''),
  productCode: text(50).default(''),
  productLink: text(500)
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
      'must be a web address starting with http:// or https://',
    )
    .default(''),
  proposedProductTypeId: dbId,
  publisher: text(200).default(''),
});
export type ProposedTitleInput = z.input<typeof proposedTitleInput>;

export const createProposedTitle = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/createProposedTitle`,
  summary:
    'Proposes a custom title (a course pack, a material the catalogs lack); the same proposal sent twice within a minute answers the first',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  body: proposedTitleInput,
  response: z.object({ proposedTitleDTO }),
});

/** The course an adoption is for (docs/behaviour/calls.md#adoption-base createAdoption adoptionCatalog). */
export const adoptionCatalog = z.object({
  divisionId: dbId,
  departmentCode: text(50).min(1, 'must be a department code'),
  courseCode: text(50).min(1, 'must be a course code'),
});
export type AdoptionCatalog = z.infer<typeof adoptionCatalog>;

/** docs/behaviour/validation.md: enrollment is sent as a number. A section of more than this is a typing slip. */
export const MAX_ESTIMATED_ENROLLMENT = 5000;

/** The answers of the questions page (docs/behaviour/entities.md#adoption-material, the fields a user sets). */
export const adoptionAnswers = z.object({
  required: z.boolean(),
  bindInComponentRequired: z.boolean(),
  printOnlyRequired: z.boolean(),
  flexibleOnEdition: z.boolean(),
  ia: z.boolean(),
  estimatedSectionEnrollment: z
    .number({ error: 'must be a number of students' })
    .int('must be a whole number of students')
    .min(0, 'must be 0 or more students')
    .max(MAX_ESTIMATED_ENROLLMENT, `must be at most ${MAX_ESTIMATED_ENROLLMENT} students`)
    .nullable(),
  externalAdoptionNote: text(2000),
  startDate: calendarDay,
  expirationDate: calendarDay.nullable(),
});
export type AdoptionAnswers = z.infer<typeof adoptionAnswers>;

const NO_TEXT_ANSWERS = {
  required: false,
  bindInComponentRequired: false,
  printOnlyRequired: false,
  flexibleOnEdition: false,
  ia: false,
  estimatedSectionEnrollment: null,
} as const;
/** What a no-text-required record answers to the questions it is never asked. */
export const noTextRequiredAnswers = NO_TEXT_ANSWERS;

export const newAdoptionMaterial = adoptionAnswers
  .partial({
    required: true,
    bindInComponentRequired: true,
    printOnlyRequired: true,
    flexibleOnEdition: true,
    ia: true,
    estimatedSectionEnrollment: true,
    externalAdoptionNote: true,
    expirationDate: true,
  })
  .extend({
    titleId: dbId.nullish(),
    adoptionProposedTitleId: dbId.nullish(),
    noTextRequired: z.boolean().default(false),
    /**
     * The material's kind (issue 31) when the adopter says it differs from the title's (an
     * OER the catalog lists as print); left out, the title's. Not for no text required.
     */
    materialKind: materialKind.optional(),
  });

/** docs/behaviour/calls.md#adoption-base createAdoption; `requestId` makes a retried or double-clicked submit one adoption. */
export const createAdoptionBody = z.object({
  adoptionCatalog,
  adoptionMaterial: newAdoptionMaterial,
  /** docs/behaviour/flows.md: Yes makes an auto adoption of the course; otherwise the sections listed. */
  autoAdopt: z.boolean().default(false),
  iapublisher: text(200).nullish(),
  /** A first message on the adoption's thread, for the store's team. */
  message: text(4000).nullish(),
  sectionIdList: z.array(dbId).max(500, 'can list at most 500 sections').default([]),
  requestId: z.uuid({ error: 'must be a UUID' }).optional(),
});
export type CreateAdoptionBody = z.input<typeof createAdoptionBody>;

/** docs/behaviour/messages.md, verbatim: the server's message when the title is already adopted there. */
export const ADOPTION_EXISTS_MESSAGE = 'Adoption already exists for this title.';

export const createAdoption = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/createAdoption`,
  summary:
    "Adopts a title, a proposed title or 'no text required' for the chosen sections or (autoAdopt) the whole course; 409 'Adoption already exists for this title.' (field autoAdopt when an auto adoption has it, sectionIdList when a chosen section does)",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog', otherSection: 403 },
  params: adoptionAccountParams,
  body: createAdoptionBody,
  response: z.object({ adoptionMaterial: adoptionMaterialDTO }),
});

export const modifyAdoptionBody = z.object({
  /** The fields given change; a field left out keeps its value. */
  adoptionMaterial: adoptionAnswers
    .partial()
    .extend({ adoptionMaterialId: dbId, materialKind: materialKind.optional() }),
  /** docs/behaviour/validation.md: an emptied end date is sent as this flag. */
  clearExpirationDate: z.boolean().default(false),
  iapublisher: text(200).nullish(),
  /** The sections a section adoption covers from now on (those the caller may adopt for). */
  sectionIdList: z.array(dbId).max(500, 'can list at most 500 sections').optional(),
});
export type ModifyAdoptionBody = z.input<typeof modifyAdoptionBody>;

export const modifyAdoption = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/modifyAdoption`,
  summary:
    "Changes an adoption's answers, dates and sections; clearExpirationDate empties its end date",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog', otherSection: 403 },
  params: adoptionAccountParams,
  body: modifyAdoptionBody,
  response: z.object({ adoptionMaterial: adoptionMaterialDTO }),
});

export const convertMaterialProposedToActualTitle = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/convertMaterialProposedToActualTitle`,
  summary:
    'Links an adoption of a proposed title to the catalog title found for it: for someone who adopts on the course and is on the course materials team or holds ASSIGN_TITLE',
  auth: true,
  access: {
    kind: 'action',
    anyOf: ADOPT_ACTIONS,
    scope: 'catalog',
    then: { anyOf: ['ASSIGN_TITLE', 'ADOPT_CMA_TEAM'], refusal: 403 },
  },
  params: adoptionAccountParams,
  body: z.object({ adoptionMaterialId: dbId, titleToConvertToId: dbId }),
  response: z.object({ adoptionMaterial: adoptionMaterialDTO }),
});

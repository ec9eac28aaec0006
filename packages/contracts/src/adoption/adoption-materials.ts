import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { courseParams } from './course-access.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { MATERIAL_KINDS } from './cost-transparency.ts';

/**
 * A title's price by each way the store offers it, in cents (null: not offered that way; issue
 * 31). The new price is the title's list price, whose 0 already meant "no price".
 */
export const titlePrices = z.object({
  newCents: z.number().int().nullable(),
  usedCents: z.number().int().nullable(),
  rentalCents: z.number().int().nullable(),
  digitalCents: z.number().int().nullable(),
});
export type TitlePrices = z.infer<typeof titlePrices>;

/** docs/behaviour/entities.md#title: a catalog title, its ISBN-13 hyphenated by its registration group. */
export const titleDTO = z.object({
  id: z.number().int(),
  ean13: z.string(),
  formattedEan13: z.string(),
  author: z.string(),
  description: z.string(),
  isbn10: z.string().nullable(),
  digitalIsbn: z.string().nullable(),
  productCode: z.string(),
  edition: z.string(),
  publisher: z.string(),
  bookImageUrl: z.string().nullable(),
  /** What a student pays for it (issue 31), with an OER's licence and where to read it. */
  materialKind: z.enum(MATERIAL_KINDS),
  licence: z.string().nullable(),
  accessUrl: z.string().nullable(),
  prices: titlePrices,
});
export type TitleDTO = z.infer<typeof titleDTO>;

/** docs/behaviour/entities.md#proposed-title: a material asked for that is not (yet) a catalog title. */
export const proposedTitleDTO = z.object({
  proposedTitleId: z.number().int(),
  author: z.string(),
  contactInformation: z.string(),
  description: z.string(),
  digitalProduct: z.boolean(),
  edition: z.string(),
  notes: z.string(),
  productCode: z.string(),
  productLink: z.string(),
  proposedProductTypeId: z.number().int().nullable(),
  publisher: z.string(),
});
export type ProposedTitleDTO = z.infer<typeof proposedTitleDTO>;

/** How an adoption covers its course: its own sections, or every section (course-wide, auto). */
export const ADOPTION_TYPE = { SECTION: 'SECTION_ADOPTION', AUTO: 'AUTO_ADOPTION' } as const;
export const ADOPTION_TYPES = [ADOPTION_TYPE.SECTION, ADOPTION_TYPE.AUTO] as const;
export type AdoptionType = (typeof ADOPTION_TYPES)[number];

/**
 * Where an adoption came from: made in the portal (the wizard), imported from a store's
 * adoption history file (the Data Summary's ADOPTION_HISTORY feed), or carried forward from an
 * earlier term by the store's rollover (issue 30, point 4), which the instructor confirms.
 */
export const ADOPTION_SOURCES = ['PORTAL', 'IMPORT', 'ROLLOVER'] as const;
export type AdoptionSource = (typeof ADOPTION_SOURCES)[number];
export const ADOPTION_SOURCE_LABELS: Record<AdoptionSource, string> = {
  PORTAL: 'Adopted in the portal',
  IMPORT: 'Imported',
  ROLLOVER: 'Proposed by rollover',
};

/**
 * docs/behaviour/entities.md#adoption-material, with its title (or proposed title) and the sections it covers.
 * An auto adoption covers every section of the course and lists none.
 */
export const adoptionMaterialDTO = z.object({
  adoptionMaterialId: z.number().int(),
  active: z.boolean(),
  startDate: z.string(),
  expirationDate: z.string().nullable(),
  titleId: z.number().int().nullable(),
  adoptionProposedTitleId: z.number().int().nullable(),
  adoptionType: z.enum(ADOPTION_TYPES),
  required: z.boolean(),
  /**
   * The material's kind (issue 31): the adopter's choice, else its title's; null for no text
   * required (there is no material).
   */
  materialKind: z.enum(MATERIAL_KINDS).nullable(),
  bindInComponentRequired: z.boolean(),
  printOnlyRequired: z.boolean(),
  estimatedSectionEnrollment: z.number().int().nullable(),
  externalAdoptionNote: z.string(),
  flexibleOnEdition: z.boolean(),
  ia: z.boolean(),
  iapublisher: z.string().nullable(),
  noTextRequired: z.boolean(),
  removal: z.boolean(),
  catalogListingStatus: z.string(),
  adoptionMessagingStatusName: z.string(),
  /** Who submitted the adoption (whom "notify the submitter" e-mails); null when unknown. */
  submitter: z.object({ name: z.string(), userName: z.string() }).nullable(),
  title: titleDTO.nullable(),
  proposedTitle: proposedTitleDTO.nullable(),
  sections: z.array(z.object({ sectionId: z.number().int(), sectionCode: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Made in the portal, or imported from an adoption history file. */
  source: z.enum(ADOPTION_SOURCES),
  /**
   * Messages on the adoption's thread (its MESSAGE_POSTED history entries). The messaging
   * status cannot say it: NONE only means nobody waits for an answer.
   */
  messageCount: z.number().int(),
});
export type AdoptionMaterialDTO = z.infer<typeof adoptionMaterialDTO>;

export const getAdoptionMaterials = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/:divisionId/:departmentCode/:courseCode/getAdoptionMaterials`,
  summary:
    "The course's active adoptions: section adoptions, then course (auto) adoptions, newest first",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' },
  params: courseParams,
  response: z.object({ adoptionMaterials: z.array(adoptionMaterialDTO) }),
});

/** docs/behaviour/constants.md: previous adoptions look back 1825 days; the default looks back 1 day. */
export const PREVIOUS_ADOPTIONS_LOOKBACK_DAYS = 1825;

export const getAdoptionMaterialHistory = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/:divisionId/:departmentCode/:courseCode/getAdoptionMaterialHistory`,
  summary:
    "The course's adoptions that started within startDateThreshold days, the caller's and others'; 404 when there are none",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' },
  params: courseParams,
  query: z.object({
    startDateThreshold: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be 0 or more days')
      .max(3650, 'must be at most 3650 days')
      .default(1),
  }),
  response: z.object({
    myAdoptions: z.array(adoptionMaterialDTO),
    otherAdoptions: z.array(adoptionMaterialDTO),
  }),
});

import {
  ADOPTION_SOURCES,
  ADOPTION_TYPES,
  MATERIAL_KINDS,
  PRODUCT_AVAILABILITIES,
} from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  type AnyPgColumn,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, reference, defaultsToNow, instant, jsonDetails } from './columns.ts';
import {
  tenantKey,
  accountLink,
  requiredAccount,
  creationStamp,
  activityEntry,
} from './tenant-columns.ts';
import { userAccounts } from './accounts.ts';
import { courses, sections, terms } from './catalog.ts';
import { workKey } from '../work-key.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What material search matches words against (ADR 0011): the title and the author as 'simple'
 * full-text words, a stored generated column so its GIN index needs no expression in queries.
 */
const searchWords = (description: SQL, author: SQL) =>
  tsvector().generatedAlwaysAs(
    (): SQL => sql`to_tsvector('simple'::regconfig, ${description} || ' ' || ${author})`,
  );

/**
 * Every word of every title and product (kept by triggers, migration 0009): the dictionary a
 * misspelt search word is corrected against, by trigram similarity, before the full-text match.
 */
export const searchVocabulary = pgTable('search_vocabulary', { word: text().primaryKey() }, (t) => [
  index('search_vocabulary_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** A product in the store's catalog (docs/behaviour/entities.md#title). `description` is the title text. */
export const titles = pgTable(
  'titles',
  {
    ...tenantKey(),
    ean13: text().notNull(),
    isbn10: text(),
    digitalIsbn: text(),
    author: text().notNull().default(''),
    description: text().notNull(),
    productCode: text().notNull().default(''),
    edition: text().notNull().default(''),
    publisher: text().notNull().default(''),
    publishDate: date({ mode: 'string' }),
    bookImageUrl: text(),
    /** Price in cents, for order items and savings figures. */
    listPriceCents: integer().notNull().default(0),
    /** The store marked the title out of print (issue 30, point 5: a change to warn of). */
    outOfPrint: boolean().notNull().default(false),
    /**
     * MATERIAL_KINDS (issue 31): what a student pays for it. Its licence and address (an OER's
     * licence and where to read it, the library's link to a library-licensed e-book).
     */
    materialKind: text({ enum: MATERIAL_KINDS }).notNull().default('COMMERCIAL_PRINT'),
    licence: text(),
    accessUrl: text(),
    /**
     * The other ways the store offers it, each a price in cents (null: not offered that way);
     * listPriceCents is the new copy's (issue 31: the cheapest way prices a section).
     */
    usedPriceCents: integer(),
    rentalPriceCents: integer(),
    digitalPriceCents: integer(),
    searchWords: searchWords(sql`description`, sql`author`),
  },
  (t) => [
    // One title per ISBN in a store: createTitle of a product twice answers the same title.
    uniqueIndex('titles_location_ean_uq').on(t.locationId, t.ean13),
    index('titles_location_digital_isbn_idx').on(t.locationId, t.digitalIsbn),
    index('titles_search_words_idx').using('gin', t.searchWords),
    // Other editions of the same work in the store (issue 30, point 5: NEWER_EDITION).
    index('titles_work_idx').on(
      t.locationId,
      workKey(sql`${t.description}`),
      workKey(sql`${t.author}`),
    ),
  ],
);

/**
 * The distributor's product catalog (a feed loaded by `npm run import:products`): books a
 * store can adopt before it stocks them. Shared by every store; `createTitle` copies a product
 * into a store's titles.
 */
export const externalProducts = pgTable(
  'external_products',
  {
    id: identityId(),
    ean13: text().notNull(),
    isbn10: text(),
    digitalIsbn: text(),
    description: text().notNull(),
    author: text().notNull().default(''),
    edition: text().notNull().default(''),
    publisher: text().notNull().default(''),
    publishDate: date({ mode: 'string' }),
    productCode: text().notNull().default(''),
    bookImageUrl: text(),
    listPriceCents: integer().notNull().default(0),
    /** Which feed the product came from, for its attribution (see the data NOTICE). */
    source: text().notNull().default(''),
    /**
     * PRODUCT_AVAILABILITIES: whether the distributor still offers the product, no longer does,
     * or marks it out of print (the feed's `availability` column; issue 30, point 5).
     */
    availability: text({ enum: PRODUCT_AVAILABILITIES }).notNull().default('AVAILABLE'),
    /**
     * MATERIAL_KINDS (issue 31): what a student pays for it. Its licence and address (an OER's
     * licence and where to read it, the library's link to a library-licensed e-book).
     */
    materialKind: text({ enum: MATERIAL_KINDS }).notNull().default('COMMERCIAL_PRINT'),
    licence: text(),
    accessUrl: text(),
    /**
     * The other ways the store offers it, each a price in cents (null: not offered that way);
     * listPriceCents is the new copy's (issue 31: the cheapest way prices a section).
     */
    usedPriceCents: integer(),
    rentalPriceCents: integer(),
    digitalPriceCents: integer(),
    searchWords: searchWords(sql`description`, sql`author`),
  },
  (t) => [
    uniqueIndex('external_products_ean_uq').on(t.ean13),
    index('external_products_digital_isbn_idx').on(t.digitalIsbn),
    index('external_products_search_words_idx').using('gin', t.searchWords),
    // Other editions of the same work from the distributor (issue 30, point 5: NEWER_EDITION).
    index('external_products_work_idx').on(
      workKey(sql`${t.description}`),
      workKey(sql`${t.author}`),
    ),
  ],
);

export const proposedProductTypes = pgTable('proposed_product_types', {
  id: identityId(),
  name: text().notNull().unique(),
});

/** A material an instructor asked for that is not (yet) a catalog title (docs/behaviour/entities.md#proposed-title). */
export const proposedTitles = pgTable('proposed_titles', {
  ...tenantKey(),
  author: text().notNull().default(''),
  contactInformation: text().notNull().default(''),
  description: text().notNull(),
  digitalProduct: boolean().notNull().default(false),
  edition: text().notNull().default('Latest'),
  notes: text().notNull().default(''),
  productCode: text().notNull().default(''),
  productLink: text().notNull().default(''),
  proposedProductTypeId: integer().references(() => proposedProductTypes.id),
  publisher: text().notNull().default(''),
  ...creationStamp(accountLink()),
});

/** An adoption of a material for a course (docs/behaviour/entities.md#adoption-material). */
export const adoptionMaterials = pgTable(
  'adoption_materials',
  {
    ...tenantKey(),
    courseId: reference(() => courses.id),
    titleId: integer().references(() => titles.id),
    proposedTitleId: integer().references(() => proposedTitles.id),
    adoptionType: text({ enum: ADOPTION_TYPES }).notNull(),
    active: boolean().notNull().default(true),
    startDate: date({ mode: 'string' }).notNull(),
    expirationDate: date({ mode: 'string' }),
    required: boolean().notNull().default(true),
    /**
     * MATERIAL_KINDS (issue 31) as the adopter chose it; null: the title's own kind (a title the
     * course materials team marks OER turns its adoptions OER). A proposed title's is its own.
     */
    materialKind: text({ enum: MATERIAL_KINDS }),
    bindInComponentRequired: boolean().notNull().default(false),
    printOnlyRequired: boolean().notNull().default(false),
    estimatedSectionEnrollment: integer(),
    externalAdoptionNote: text().notNull().default(''),
    flexibleOnEdition: boolean().notNull().default(false),
    ia: boolean().notNull().default(false),
    iapublisher: text(),
    noTextRequired: boolean().notNull().default(false),
    removal: boolean().notNull().default(false),
    catalogListingStatus: text().notNull().default('LISTED'),
    /** e.g. NONE, RESPONSE_REQUIRED (needs a response), RESPONDED. */
    messagingStatus: text().notNull().default('NONE'),
    createdBy: accountLink(),
    /** The wizard's id for one submit: the same submit sent again answers this adoption. */
    requestId: text(),
    /** ADOPTION_SOURCES: made in the portal, or written by an adoption history import. */
    source: text({ enum: ADOPTION_SOURCES }).notNull().default('PORTAL'),
    /**
     * An imported adoption's natural key within its course (term and material, see
     * feeds/adoption-history-kind.ts): a re-import finds it instead of adding another.
     */
    importKey: text(),
    /** The import that last wrote it. */
    importId: integer(),
    /**
     * A rollover's proposal (source ROLLOVER, issue 30 point 4): the earlier adoption it carries
     * forward and the term it was carried to. One proposal per (earlier adoption, term): a
     * rollover applied twice finds it instead of adding another.
     */
    rolledFromId: integer().references((): AnyPgColumn => adoptionMaterials.id, {
      onDelete: 'set null',
    }),
    rolloverTermId: integer().references(() => terms.id),
    /** When (and by whom) the instructor confirmed a rollover's proposal; null: not yet. */
    confirmedAt: instant(),
    confirmedBy: integer().references(() => userAccounts.id),
    createdAt: defaultsToNow(),
    updatedAt: defaultsToNow(),
  },
  (t) => [
    index('adoption_materials_course_idx').on(t.courseId, t.active),
    index('adoption_materials_title_idx').on(t.titleId), // a repriced title's (0039)
    uniqueIndex('adoption_materials_request_uq')
      .on(t.createdBy, t.requestId)
      .where(sql`${t.requestId} is not null`),
    index('adoption_materials_location_status_idx').on(t.locationId, t.messagingStatus),
    uniqueIndex('adoption_materials_import_key_uq')
      .on(t.courseId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    uniqueIndex('adoption_materials_rolled_from_uq')
      .on(t.rolledFromId, t.rolloverTermId)
      .where(sql`${t.rolledFromId} is not null`),
    // The store's list of proposals the instructors have not confirmed yet.
    index('adoption_materials_unconfirmed_rollover_idx')
      .on(t.locationId, t.rolloverTermId)
      .where(sql`${t.source} = 'ROLLOVER' and ${t.confirmedAt} is null`),
  ],
);

export const adoptionMaterialSections = pgTable(
  'adoption_material_sections',
  {
    adoptionMaterialId: reference(() => adoptionMaterials.id, { onDelete: 'cascade' }),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    removed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.adoptionMaterialId, t.sectionId] }),
    index('adoption_material_sections_section_idx').on(t.sectionId),
  ],
);

/**
 * The history of one adoption (docs/behaviour/calls.md#adoption-base getAdoptionMaterialHistoryItems): who did what and when, with
 * what changed (`details`: before/after, or a posted message and whom it notified). Messages of
 * the adoption's thread are its MESSAGE_POSTED entries.
 */
export const adoptionActivity = pgTable(
  'adoption_activity',
  {
    ...tenantKey(),
    adoptionMaterialId: reference(() => adoptionMaterials.id, { onDelete: 'cascade' }),
    /** action: a key of ADOPTION_ACTIVITY_ACTIONS. */
    ...activityEntry(),
    details: jsonDetails(),
  },
  (t) => [index('adoption_activity_adoption_idx').on(t.adoptionMaterialId, t.at)],
);

/**
 * Notices sent about a course (the future-adoptions e-mail): who sent which to whom, so a
 * double submit or a retry within a minute answers the first sending instead of mailing again.
 */
export const courseNotices = pgTable(
  'course_notices',
  {
    ...tenantKey(),
    courseId: reference(() => courses.id),
    senderAccountId: requiredAccount(),
    kind: text().notNull(),
    sentAt: defaultsToNow(),
    recipients: jsonb().$type<string[]>().notNull(),
    adoptionCount: integer().notNull(),
  },
  (t) => [index('course_notices_course_idx').on(t.courseId, t.kind, t.sentAt)],
);

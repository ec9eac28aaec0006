import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, reference, defaultsToNow } from './columns.ts';
import { sql } from 'drizzle-orm';
import type { WebsiteConfig } from '@csp/contracts';

/** A campus store. Every tenant row elsewhere carries its location id. */
export const locations = pgTable('locations', {
  id: identityId(),
  name: text().notNull(),
  externalRef: text().notNull().unique(),
  /** docs/behaviour/entities.md#course-detail-flag: submitters may ask for print only. */
  allowSubmittersToSelectPrintOnly: boolean().notNull().default(false),
  /** The course materials team's address: told of every adoption a submitter makes. */
  courseMaterialsEmail: text(),
  /**
   * The store's own e-mail domains (lower case, e.g. `demo-university.edu`). A message's copies
   * and an e-mailed export go only to the addresses of the store's active accounts and to
   * addresses at these domains; none (the default) means the accounts only.
   */
  emailDomains: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * The store's return (ship-from of the student's parcel, ship-to on the label) address. A
   * store without a complete one cannot print return labels (docs/behaviour/messages.md#return-rentals 'ShipFrom').
   */
  returnAddressName: text(),
  returnStreetOne: text(),
  returnStreetTwo: text(),
  returnCity: text(),
  returnState: text(),
  returnPostalCode: text(),
  returnPhone: text(),
  /**
   * The name the store's e-mail comes from ("Springfield Campus Store" <MAIL_FROM's address>).
   * Null: the store's name.
   */
  mailSenderName: text(),
  /** Sales tax on course materials, in hundredths of a percent (725 = 7.25 %). */
  taxRateBasisPoints: integer().notNull().default(0),
  /**
   * A carried-forward or re-adopted title whose price moved by more than this percent is
   * flagged (issue 30, point 5; DEFAULT_PRICE_CHANGE_PERCENT).
   */
  priceChangePercent: integer().notNull().default(10),
  /**
   * Cost transparency (issue 31): a section whose required materials cost at most this (cents)
   * at the cheapest way offered is low textbook cost (DEFAULT_LTC_THRESHOLD_CENTS).
   */
  ltcThresholdCents: integer().notNull().default(4000),
  /** Whether a library-licensed e-book counts as costing nothing (issue 31). */
  libraryLicensedIsZero: boolean().notNull().default(true),
  /**
   * Sections of one course and term whose required cost differs by more than this (cents) are
   * a cost gap (issue 31; DEFAULT_COST_GAP_THRESHOLD_CENTS).
   */
  costGapThresholdCents: integer().notNull().default(5000),
  createdAt: defaultsToNow(),
});

/** A branded website of a store, found by host (docs/behaviour/calls.md#host-rule). */
export const websites = pgTable(
  'websites',
  {
    id: identityId(),
    locationId: reference(() => locations.id),
    /** The search string the host rule produces, e.g. `localhost` or `bookstore-b.localhost`. */
    host: text().notNull(),
    /**
     * The website's public address (`https://bookstore.example.edu`), used in links sent by
     * e-mail. Null: PUBLIC_URL, else the host on the server's own port.
     */
    publicUrl: text(),
    externalLocationRef: text().notNull(),
    jsonFileName: text().notNull(),
    ssoType: text({ enum: ['SAML', 'NONE'] })
      .notNull()
      .default('NONE'),
    sloEnabled: boolean().notNull().default(false),
    name: text().notNull(),
    siteTitle: text().notNull(),
    /** The website config JSON (docs/behaviour/entities.md), served at the path named by jsonFileName. */
    config: jsonb().$type<WebsiteConfig>().notNull(),
    /** SAML identity provider settings; used when ssoType is SAML. */
    samlIdpEntityId: text(),
    samlIdpSsoUrl: text(),
    samlIdpSloUrl: text(),
    samlIdpCertificate: text(),
    createdAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('websites_host_uq').on(t.host),
    uniqueIndex('websites_json_file_uq').on(t.jsonFileName),
  ],
);

/** Logo files, stored in the database so one deployment needs no shared file system. */
export const websiteAssets = pgTable(
  'website_assets',
  {
    id: identityId(),
    locationId: reference(() => locations.id),
    fileName: text().notNull(),
    contentType: text().notNull(),
    content: text().notNull(),
  },
  (t) => [uniqueIndex('website_assets_file_uq').on(t.fileName)],
);

import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { identityId, reference, instant, defaultsToNow } from './columns.ts';
import { userAccounts } from './accounts.ts';
import { locations, websites } from './tenancy.ts';

/**
 * The deployment's SAML service-provider signing key and self-signed certificate (one row,
 * id 1), made on first use. Kept in the database so every instance signs with the same key.
 */
export const samlSpKeys = pgTable('saml_sp_keys', {
  id: integer().primaryKey(),
  privateKey: text().notNull(),
  certificate: text().notNull(),
  createdAt: defaultsToNow(),
});

/** Outstanding AuthnRequest / LogoutRequest ids, for InResponseTo checks; single use. */
export const samlRequests = pgTable(
  'saml_requests',
  {
    websiteId: reference(() => websites.id, { onDelete: 'cascade' }),
    requestId: text().notNull(),
    /** What the SAML library stored with the id (its issue instant). */
    value: text().notNull(),
    /** The same-origin path to return to after sign-in. */
    next: text(),
    expiresAt: instant().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.requestId] }),
    index('saml_requests_expires_idx').on(t.expiresAt),
  ],
);

/** Assertion ids already consumed, kept until the assertion could no longer be accepted. */
export const samlSeenAssertions = pgTable(
  'saml_seen_assertions',
  {
    websiteId: reference(() => websites.id, { onDelete: 'cascade' }),
    assertionId: text().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.assertionId] }),
    index('saml_seen_assertions_expires_idx').on(t.expiresAt),
  ],
);

/** One-time tickets handed to the browser after a valid assertion (hashed, 60 s, single use). */
export const samlTickets = pgTable(
  'saml_tickets',
  {
    id: identityId(),
    ticketHash: text().notNull().unique(),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    locationId: reference(() => locations.id),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (t) => [index('saml_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * What single logout needs about a provider session (NameID, SessionIndex), found through an
 * HttpOnly cookie whose value is stored hashed.
 */
export const samlSessions = pgTable(
  'saml_sessions',
  {
    id: identityId(),
    sessionHash: text().notNull().unique(),
    websiteId: reference(() => websites.id, { onDelete: 'cascade' }),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    nameId: text().notNull(),
    nameIdFormat: text(),
    nameQualifier: text(),
    spNameQualifier: text(),
    sessionIndex: text(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('saml_sessions_expires_idx').on(t.expiresAt)],
);

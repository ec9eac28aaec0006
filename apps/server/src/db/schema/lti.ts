import { LTI_LAUNCH_OUTCOMES, LTI_LAUNCH_ROLES } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  integer,
} from 'drizzle-orm/pg-core';
import { defaultsToNow, instant, reference } from './columns.ts';
import { sections } from './catalog.ts';
import { students } from './students.ts';
import { locations } from './tenancy.ts';
import { accountLink, creationStamp, tenantKey } from './tenant-columns.ts';
import { userAccounts } from './accounts.ts';

/**
 * Launch from a learning platform, LTI 1.3 (issue 33; packages/contracts/src/lti/). ADR 0050
 * says why the portal does the IMS Security Framework with jose and no LTI library.
 */

/** A learning platform the store registered: what the portal needs to trust its launches. */
export const ltiRegistrations = pgTable(
  'lti_registrations',
  {
    ...tenantKey(),
    /** The store's own name for it ("Canvas", "Moodle for Nursing"). */
    name: text().notNull(),
    /** The platform's `iss`. */
    issuer: text().notNull(),
    /** The `aud` the platform gives the portal. */
    clientId: text().notNull(),
    /** The `deployment_id`s the store accepts (one platform may place the tool several times). */
    deploymentIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keySetUrl: text().notNull(),
    authorizationEndpoint: text().notNull(),
    tokenEndpoint: text(),
    /** Origins besides the issuer's and the authorization endpoint's that may frame the portal. */
    frameOrigins: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How a course id of the launch maps to the catalog ("{term}-{dept}-{course}-{section}"). */
    coursePattern: text().notNull(),
    /** An instructor unknown to the store gets INSTRUCTOR on the launched course's sections. */
    grantInstructors: boolean().notNull().default(false),
    ...creationStamp(accountLink()),
    updatedAt: defaultsToNow(),
  },
  (t) => [uniqueIndex('lti_registrations_client_uq').on(t.locationId, t.issuer, t.clientId)],
);

/** The store's own signing key (deep linking answers; the key set the platform reads). */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  locationId: reference(() => locations.id).primaryKey(),
  keyId: text().notNull(),
  /** JWK of the private key (RS256). */
  privateJwk: jsonb().notNull(),
  publicJwk: jsonb().notNull(),
  createdAt: defaultsToNow(),
});

/** An OIDC login the portal started: `state` (hashed) with its `nonce`, single use, 10 minutes. */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    stateHash: text().primaryKey(),
    locationId: reference(() => locations.id),
    registrationId: reference(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    targetLinkUri: text().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('lti_login_states_expires_idx').on(t.expiresAt)],
);

/** Who a platform's `sub` is in the store: a staff account or a student, kept per registration. */
export const ltiSubjects = pgTable(
  'lti_subjects',
  {
    registrationId: reference(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    accountId: integer().references(() => userAccounts.id, { onDelete: 'cascade' }),
    studentId: integer().references(() => students.id, { onDelete: 'cascade' }),
    linkedAt: defaultsToNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.subject] })],
);

/** A platform course (context) an instructor tied to a section when its id did not map. */
export const ltiContextLinks = pgTable(
  'lti_context_links',
  {
    registrationId: reference(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    contextId: text().notNull(),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    linkedBy: accountLink(),
    linkedAt: defaultsToNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.contextId] })],
);

/** Every launch and refusal, for the store's settings screen. */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    ...tenantKey(),
    registrationId: integer().references(() => ltiRegistrations.id, { onDelete: 'set null' }),
    at: defaultsToNow(),
    outcome: text({ enum: LTI_LAUNCH_OUTCOMES }).notNull(),
    /** The refusal's reason (LTI_REFUSAL_REASONS); null for a launch. */
    reason: text(),
    /** What the log shows staff: the technical cause of a refusal, or what a launch did. */
    detail: text().notNull().default(''),
    messageType: text(),
    role: text({ enum: LTI_LAUNCH_ROLES }),
    subject: text(),
    accountId: accountLink(),
    sectionId: integer().references(() => sections.id, { onDelete: 'set null' }),
    contextId: text(),
    contextLabel: text(),
    /** An unmapped instructor launch: the hashed one-time code the course picker spends. */
    pickCodeHash: text(),
    pickExpiresAt: instant(),
  },
  (t) => [
    index('lti_launches_store_at_idx').on(t.locationId, t.at),
    uniqueIndex('lti_launches_pick_uq').on(t.pickCodeHash),
  ],
);

/** A deep-linking request waiting for the instructor's confirmation (single use, 30 minutes). */
export const ltiDeepLinks = pgTable('lti_deep_links', {
  codeHash: text().primaryKey(),
  locationId: reference(() => locations.id),
  registrationId: reference(() => ltiRegistrations.id, { onDelete: 'cascade' }),
  deploymentId: text().notNull(),
  returnUrl: text().notNull(),
  /** The platform's opaque `data`, returned unaltered. */
  data: text(),
  sectionId: integer().references(() => sections.id, { onDelete: 'set null' }),
  expiresAt: instant().notNull(),
  usedAt: instant(),
});

/** A dynamic-registration address a store manager handed to a platform (single use, 7 days). */
export const ltiRegistrationInvites = pgTable('lti_registration_invites', {
  codeHash: text().primaryKey(),
  locationId: reference(() => locations.id),
  createdBy: accountLink(),
  createdAt: defaultsToNow(),
  expiresAt: instant().notNull(),
  usedAt: instant(),
  registrationId: integer().references(() => ltiRegistrations.id, { onDelete: 'set null' }),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, reference, instant, defaultsToNow } from './columns.ts';
import { locations } from './tenancy.ts';

/** A person who signs in to a store's websites. User names are e-mail addresses. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: identityId(),
    locationId: reference(() => locations.id),
    userName: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    /** argon2id hash; null until the owner sets a password (or for SSO-only accounts). */
    passwordHash: text(),
    active: boolean().notNull().default(true),
    passwordChangedAt: instant(),
    lastLoginAt: instant(),
    createdAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('user_accounts_location_user_uq').on(t.locationId, sql`lower(${t.userName})`),
  ],
);

export const roles = pgTable('roles', {
  id: identityId(),
  name: text().notNull().unique(),
  friendly: text().notNull(),
  description: text().notNull(),
});

export const actions = pgTable('actions', {
  id: identityId(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
});

/** Roles map to actions as data: changing what a role may do is an update, not a release. */
export const roleActions = pgTable(
  'role_actions',
  {
    roleId: reference(() => roles.id),
    actionId: reference(() => actions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.actionId] })],
);

/** Remember-me secrets that stand in the browser instead of a password; hashed at rest. */
export const rememberSecrets = pgTable(
  'remember_secrets',
  {
    id: identityId(),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    createdAt: defaultsToNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
    /** Set when the secret was revoked because it was exchanged for a successor. */
    rotatedAt: instant(),
  },
  (t) => [index('remember_secrets_account_idx').on(t.accountId)],
);

/** Password reset tokens (hashed at rest, single use, short-lived). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: identityId(),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: defaultsToNow(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (t) => [index('password_reset_tokens_account_idx').on(t.accountId)],
);

/** Who changed what, when: permission changes, account creation, sign-ins of note. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    locationId: reference(() => locations.id),
    actorAccountId: integer().references(() => userAccounts.id),
    subjectAccountId: integer().references(() => userAccounts.id),
    event: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: defaultsToNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectAccountId, t.at)],
);

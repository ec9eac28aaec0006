import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, reference, instant, defaultsToNow } from './columns.ts';
import { locations } from './tenancy.ts';
import { userAccounts } from './accounts.ts';

/**
 * A signed-in session: the token carries its id (`sid`), and every authenticated request checks
 * that it is not revoked. Logout revokes one; a password change or reset, deactivation and an
 * identity provider's single logout revoke all of an account's.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    locationId: reference(() => locations.id),
    /** How it began: a password, a remember-me secret or single sign-on. */
    method: text({ enum: ['password', 'remember', 'saml'] }).notNull(),
    createdAt: defaultsToNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Attempt counters of the sign-in and password-reset limits, shared by every server process on
 * the database. One row per key (an account and address pair, an address, an account...).
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text().primaryKey(),
    /** Attempts counted in the current window. */
    hits: integer().notNull(),
    windowEndsAt: instant().notNull(),
    /** Back-off: no attempt is evaluated before this time. */
    nextAllowedAt: instant(),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowEndsAt)],
);

/** Secrets generated once and shared by every process (the session-token signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: defaultsToNow(),
});

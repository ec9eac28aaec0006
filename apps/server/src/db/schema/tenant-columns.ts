import { integer, text } from 'drizzle-orm/pg-core';
import { defaultsToNow, identityId, reference } from './columns.ts';
import { locations } from './tenancy.ts';
import { userAccounts } from './accounts.ts';

// Apart from columns.ts: tenancy.ts and accounts.ts build their tables from columns.ts, so these
// builders, which point at their tables, would make those files import each other.

/** The head of every store's own row: its key and the store (location) it belongs to. */
export const tenantKey = () => ({
  id: identityId(),
  locationId: reference(() => locations.id),
});

/** An account that may be absent: rows made by the system, a feed or a job name nobody. */
export const accountLink = () => integer().references(() => userAccounts.id);

/** An account that must be named. */
export const requiredAccount = () => reference(() => userAccounts.id);

/** Who made the row and when; `createdBy` is `accountLink()` or `requiredAccount()`. */
export const creationStamp = <CreatedBy>(createdBy: CreatedBy) => ({
  createdBy,
  createdAt: defaultsToNow(),
});

/** Who did what, and when: the columns every activity log (history) row starts with. */
export const activityEntry = () => ({
  actorAccountId: accountLink(),
  action: text().notNull(),
  at: defaultsToNow(),
});

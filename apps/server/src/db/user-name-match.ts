import { and, eq, sql, type SQL } from 'drizzle-orm';
import { userAccounts } from './schema/index.ts';

/**
 * Matches the account of a user name in one store, case-insensitively. Written once so every
 * lookup has the exact shape of the `user_accounts_location_user_uq` index, `(location_id,
 * lower(user_name))`, and keeps using it.
 */
export function userNameInStore(locationId: number, userName: string): SQL {
  return and(
    eq(userAccounts.locationId, locationId),
    sql`lower(${userAccounts.userName}) = ${userName.trim().toLowerCase()}`,
  ) as SQL;
}

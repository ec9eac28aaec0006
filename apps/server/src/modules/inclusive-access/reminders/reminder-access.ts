import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * The term of the store in the caller's divisions (`divisionInReach` over `dv.id`: iaReach's
 * `divisions`, programs/program-access.ts), with its opt-out deadline; else null.
 */
export async function reachableIaTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
): Promise<{ deadline: string | null } | null> {
  const [row] = await queryRows<{ deadline: string | null }>(
    db,
    sql`select t.ia_opt_out_deadline::text as deadline
        from terms t join divisions dv on dv.id = t.division_id
        where t.location_id = ${locationId} and t.id = ${termId} and ${divisionInReach}`,
  );
  return row ?? null;
}

import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * After a seed has written its tables in one transaction: fresh statistics, or the planner takes
 * the new tables for empty (autovacuum may be off, and is late anyway) and picks plans that cost
 * seconds, e.g. a scan of every vocabulary word for a title search. The vacuum sets the
 * visibility map, so covering indexes answer without visiting the table. Outside a transaction.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

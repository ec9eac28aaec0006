import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketplaceConditions } from '../../db/schema/index.ts';

/** The store's return conditions, best first (their sort order). */
export async function marketplaceConditionNames(db: Db, locationId: number): Promise<string[]> {
  const rows = await db
    .select({ name: marketplaceConditions.name })
    .from(marketplaceConditions)
    .where(eq(marketplaceConditions.locationId, locationId))
    .orderBy(asc(marketplaceConditions.sortOrder), asc(marketplaceConditions.id));
  return rows.map((r) => r.name);
}

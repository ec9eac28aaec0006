import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { marketplaceConditions } from '../../../db/schema/index.ts';

export interface MarketplaceConditionRow {
  id: number;
  name: string;
}

/**
 * The store's return conditions, best first (their sort order): what getMarketplaceConditions
 * lists and the only names a return accepts (spec §3: conditions are keyed by name).
 */
export async function storeConditions(
  db: Db,
  locationId: number,
): Promise<MarketplaceConditionRow[]> {
  return db
    .select({ id: marketplaceConditions.id, name: marketplaceConditions.name })
    .from(marketplaceConditions)
    .where(eq(marketplaceConditions.locationId, locationId))
    .orderBy(asc(marketplaceConditions.sortOrder), asc(marketplaceConditions.id));
}

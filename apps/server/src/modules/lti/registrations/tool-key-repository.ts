import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ltiToolKeys } from '../../../db/schema/index.ts';

export type ToolKeyRow = typeof ltiToolKeys.$inferSelect;

export async function findToolKey(db: Db, locationId: number): Promise<ToolKeyRow | null> {
  const rows = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.locationId, locationId));
  return rows[0] ?? null;
}

/** Stores the store's key unless one is there already (two first uses at once keep one). */
export async function insertToolKeyIfAbsent(
  db: Db,
  key: { locationId: number; keyId: string; privateJwk: object; publicJwk: object },
): Promise<void> {
  await db.insert(ltiToolKeys).values(key).onConflictDoNothing();
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/**
 * Stores `candidate` under `name` unless a value is already there, and returns the stored
 * value: of several processes racing, the first insert wins and all of them get its value.
 */
export async function storeOrGetSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was not stored`);
  return row.value;
}

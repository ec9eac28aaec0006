import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fundingAllowances } from '../../../db/schema/index.ts';

/** How many allowances a source has given (a promotion's uses). */
export async function countSourceAllowances(db: Db, sourceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fundingAllowances)
    .where(eq(fundingAllowances.sourceId, sourceId));
  return Number(row?.n ?? 0);
}

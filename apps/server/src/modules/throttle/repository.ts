import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottle } from '../../db/schema/index.ts';
import type { ThrottleState } from './rules.ts';

/**
 * Locks the rows of `keys` (creating missing ones) for the rest of the transaction and returns
 * their states; rows are locked in key order, so two attempts over the same keys never deadlock.
 * A new row starts with an already-ended window, which the rules treat as no window at all.
 */
export async function lockStates(
  tx: Db,
  keys: string[],
  now: Date,
): Promise<Map<string, ThrottleState>> {
  const sorted = [...keys].sort();
  await tx
    .insert(authThrottle)
    .values(sorted.map((key) => ({ key, hits: 0, windowEndsAt: now })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(authThrottle)
    .where(inArray(authThrottle.key, sorted))
    .orderBy(authThrottle.key)
    .for('update');
  return new Map(rows.map((r) => [r.key, r]));
}

export async function saveState(tx: Db, key: string, state: ThrottleState): Promise<void> {
  await tx
    .update(authThrottle)
    .set({
      hits: state.hits,
      windowEndsAt: state.windowEndsAt,
      nextAllowedAt: state.nextAllowedAt,
    })
    .where(sql`${authThrottle.key} = ${key}`);
}

/** Forgets keys entirely (a successful sign-in clears its account's counters). */
export async function deleteKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Gives one attempt back (a successful sign-in should not use up its address's allowance). */
export async function refund(db: Db, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ hits: sql`greatest(${authThrottle.hits} - 1, 0)` })
    .where(sql`${authThrottle.key} = ${key}`);
}

/** A marker row: no attempts, a window that ends when the marker should. */
export async function mark(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insert(authThrottle)
    .values({ key, hits: 0, windowEndsAt: until })
    .onConflictDoUpdate({ target: authThrottle.key, set: { windowEndsAt: until } });
}

export async function isMarked(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, key), gt(authThrottle.windowEndsAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Removes counters whose window and back-off are both over. */
export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowEndsAt, now),
        or(isNull(authThrottle.nextAllowedAt), lt(authThrottle.nextAllowedAt, now)),
      ),
    );
}

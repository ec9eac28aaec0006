import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ltiRegistrationInvites } from '../../../db/schema/index.ts';

export async function insertInvite(
  db: Db,
  invite: { codeHash: string; locationId: number; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db.insert(ltiRegistrationInvites).values(invite);
}

/**
 * Takes the store's live invite for this registration attempt: marks it used unless it is
 * unknown, used (also by an attempt running now) or expired. True when this call took it.
 */
export async function claimInvite(
  db: Db,
  locationId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(ltiRegistrationInvites)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiRegistrationInvites.codeHash, codeHash),
        eq(ltiRegistrationInvites.locationId, locationId),
        isNull(ltiRegistrationInvites.usedAt),
        gt(ltiRegistrationInvites.expiresAt, now),
      ),
    )
    .returning({ codeHash: ltiRegistrationInvites.codeHash });
  return rows.length > 0;
}

/** Gives a claimed invite back after the platform's exchange failed, so it can be retried. */
export async function releaseInvite(db: Db, codeHash: string): Promise<void> {
  await db
    .update(ltiRegistrationInvites)
    .set({ usedAt: null })
    .where(
      and(
        eq(ltiRegistrationInvites.codeHash, codeHash),
        isNull(ltiRegistrationInvites.registrationId),
      ),
    );
}

/** Records which registration the spent invite made. */
export async function attachInvite(
  db: Db,
  codeHash: string,
  registrationId: number,
): Promise<void> {
  await db
    .update(ltiRegistrationInvites)
    .set({ registrationId })
    .where(eq(ltiRegistrationInvites.codeHash, codeHash));
}

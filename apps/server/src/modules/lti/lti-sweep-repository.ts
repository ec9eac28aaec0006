import { and, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  ltiDeepLinks,
  ltiLaunches,
  ltiLoginStates,
  ltiRegistrationInvites,
} from '../../db/schema/index.ts';

/** What one sweep removed, by kind (the job logs it). */
export interface SweptRows {
  loginStates: number;
  deepLinks: number;
  invites: number;
  pickCodes: number;
  launchLog: number;
}

/**
 * Deletes what has outlived its use: login states and deep links past their expiry (spent or
 * not), invites past theirs that made no registration (one that did marks it "dynamic"), the
 * pick codes of launches past their expiry (the code goes, the log row stays), and launch log
 * rows older than `logCutoff`.
 */
export async function deleteOutlivedRows(db: Db, now: Date, logCutoff: Date): Promise<SweptRows> {
  const count = (rows: unknown[]) => rows.length;
  const loginStates = await db
    .delete(ltiLoginStates)
    .where(lte(ltiLoginStates.expiresAt, now))
    .returning({ at: ltiLoginStates.expiresAt });
  const deepLinks = await db
    .delete(ltiDeepLinks)
    .where(lte(ltiDeepLinks.expiresAt, now))
    .returning({ at: ltiDeepLinks.expiresAt });
  const invites = await db
    .delete(ltiRegistrationInvites)
    .where(
      and(
        lte(ltiRegistrationInvites.expiresAt, now),
        isNull(ltiRegistrationInvites.registrationId),
      ),
    )
    .returning({ at: ltiRegistrationInvites.expiresAt });
  const pickCodes = await db
    .update(ltiLaunches)
    .set({ pickCodeHash: null, pickExpiresAt: null })
    .where(and(isNotNull(ltiLaunches.pickCodeHash), lte(ltiLaunches.pickExpiresAt, now)))
    .returning({ id: ltiLaunches.id });
  const launchLog = await db
    .delete(ltiLaunches)
    .where(lt(ltiLaunches.at, logCutoff))
    .returning({ id: ltiLaunches.id });
  return {
    loginStates: count(loginStates),
    deepLinks: count(deepLinks),
    invites: count(invites),
    pickCodes: count(pickCodes),
    launchLog: count(launchLog),
  };
}

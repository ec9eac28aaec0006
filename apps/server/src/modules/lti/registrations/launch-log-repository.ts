import { desc, eq } from 'drizzle-orm';
import { LTI_LOG_LIMIT } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { ltiLaunches, ltiRegistrations } from '../../../db/schema/index.ts';

/** The store's last launches and refusals, newest first (lti_launches_store_at_idx). */
export async function latestLaunches(db: Db, locationId: number) {
  return db
    .select({
      launchId: ltiLaunches.id,
      at: ltiLaunches.at,
      outcome: ltiLaunches.outcome,
      reason: ltiLaunches.reason,
      detail: ltiLaunches.detail,
      registrationName: ltiRegistrations.name,
      role: ltiLaunches.role,
      messageType: ltiLaunches.messageType,
      contextLabel: ltiLaunches.contextLabel,
    })
    .from(ltiLaunches)
    .leftJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiLaunches.registrationId))
    .where(eq(ltiLaunches.locationId, locationId))
    .orderBy(desc(ltiLaunches.at), desc(ltiLaunches.id))
    .limit(LTI_LOG_LIMIT);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ltiContextLinks, ltiLaunches, ltiLoginStates } from '../../../db/schema/index.ts';

export type LoginStateRow = typeof ltiLoginStates.$inferSelect;

export async function insertLoginState(db: Db, row: LoginStateRow): Promise<void> {
  await db.insert(ltiLoginStates).values(row);
}

/**
 * Takes the store's login state of `stateHash` out, so it is used once however many times the
 * form is posted (two posts at once: one gets the row). Expired or not: the caller decides.
 */
export async function takeLoginState(
  db: Db,
  locationId: number,
  stateHash: string,
): Promise<LoginStateRow | null> {
  const [row] = await db
    .delete(ltiLoginStates)
    .where(and(eq(ltiLoginStates.stateHash, stateHash), eq(ltiLoginStates.locationId, locationId)))
    .returning();
  return row ?? null;
}

export type LaunchLogRow = Omit<typeof ltiLaunches.$inferInsert, 'id'>;

/** One row of the store's launch log (a launch, or a refusal with its technical cause). */
export async function insertLaunchLog(db: Db, row: LaunchLogRow): Promise<void> {
  await db.insert(ltiLaunches).values(row);
}

/** The section an instructor tied the platform course to (the course picker), if any. */
export async function findContextLink(
  db: Db,
  registrationId: number,
  contextId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ sectionId: ltiContextLinks.sectionId })
    .from(ltiContextLinks)
    .where(
      and(
        eq(ltiContextLinks.registrationId, registrationId),
        eq(ltiContextLinks.contextId, contextId),
      ),
    );
  return row?.sectionId ?? null;
}

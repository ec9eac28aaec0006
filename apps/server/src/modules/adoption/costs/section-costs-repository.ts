import { and, desc, eq, sql } from 'drizzle-orm';
import type { CostDesignation } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { sectionDesignationOverrides, sections, userAccounts } from '../../../db/schema/index.ts';

/** A section's kept cost figures (migration 0039) and override, within its store; null: none. */
export async function findSectionCost(db: Db, locationId: number, sectionId: number) {
  const [row] = await db
    .select({
      sectionId: sections.id,
      lowCents: sections.requiredCostLowCents,
      highCents: sections.requiredCostHighCents,
      keptDesignation: sections.costDesignation,
      reason: sections.costReason,
      override: sections.designationOverride,
    })
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.locationId, locationId)));
  return row ?? null;
}

/** The section's overrides, newest first. */
export function listOverrideHistory(db: Db, sectionId: number) {
  return db
    .select({
      id: sectionDesignationOverrides.id,
      at: sectionDesignationOverrides.at,
      action: sectionDesignationOverrides.action,
      designation: sectionDesignationOverrides.designation,
      reason: sectionDesignationOverrides.reason,
      actorUserName: userAccounts.userName,
      actorName: userAccounts.name,
    })
    .from(sectionDesignationOverrides)
    .leftJoin(userAccounts, eq(userAccounts.id, sectionDesignationOverrides.actorAccountId))
    .where(eq(sectionDesignationOverrides.sectionId, sectionId))
    .orderBy(desc(sectionDesignationOverrides.at), desc(sectionDesignationOverrides.id));
}

/**
 * Locks the section until the transaction ends (two overrides of one section run in turn) and
 * answers its override and the reason last recorded; null when it is not of the store. The
 * reason is read by a second statement: at READ COMMITTED a statement that waited for the lock
 * sees the row as the other transaction left it, but its subqueries keep the snapshot taken
 * before the wait, so one statement would miss the history row the other just committed.
 */
export async function lockOverride(db: Db, locationId: number, sectionId: number) {
  const locked = (await db.execute(
    sql`select s.designation_override as "override"
      from ${sections} s where s.id = ${sectionId} and s.location_id = ${locationId}
      for update of s`,
  )) as unknown as { rows: { override: CostDesignation | null }[] };
  const row = locked.rows[0];
  if (!row) return null;
  const [last] = await db
    .select({ reason: sectionDesignationOverrides.reason })
    .from(sectionDesignationOverrides)
    .where(eq(sectionDesignationOverrides.sectionId, sectionId))
    .orderBy(desc(sectionDesignationOverrides.at), desc(sectionDesignationOverrides.id))
    .limit(1);
  return { override: row.override, lastReason: last?.reason ?? null };
}

export async function writeOverride(
  db: Db,
  entry: {
    locationId: number;
    sectionId: number;
    actorAccountId: number;
    designation: CostDesignation | null;
    reason: string;
    at: Date;
  },
): Promise<void> {
  await db
    .update(sections)
    .set({ designationOverride: entry.designation })
    .where(and(eq(sections.id, entry.sectionId), eq(sections.locationId, entry.locationId)));
  await db.insert(sectionDesignationOverrides).values({
    ...entry,
    action: entry.designation === null ? 'CLEARED' : 'SET',
  });
}

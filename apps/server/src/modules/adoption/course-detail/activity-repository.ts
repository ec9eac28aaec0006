import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idInStore } from '../../../db/store-row.ts';
import {
  adoptionActivity,
  adoptionMaterialSections,
  adoptionMaterials,
  courses,
  userAccounts,
} from '../../../db/schema/index.ts';

/** An adoption of the store with its course's place in the catalog. */
export async function findAdoption(db: Db, locationId: number, adoptionMaterialId: number) {
  const [row] = await db
    .select({
      id: adoptionMaterials.id,
      createdBy: adoptionMaterials.createdBy,
      messagingStatus: adoptionMaterials.messagingStatus,
      adoptionType: adoptionMaterials.adoptionType,
      proposedTitleId: adoptionMaterials.proposedTitleId,
      titleId: adoptionMaterials.titleId,
      noTextRequired: adoptionMaterials.noTextRequired,
      active: adoptionMaterials.active,
      divisionId: courses.divisionId,
      departmentId: courses.departmentId,
      courseId: courses.id,
      courseCode: courses.code,
      courseName: courses.name,
    })
    .from(adoptionMaterials)
    .innerJoin(courses, eq(courses.id, adoptionMaterials.courseId))
    .where(
      and(
        idInStore(adoptionMaterials, locationId, adoptionMaterialId),
        eq(courses.locationId, locationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type FoundAdoption = NonNullable<Awaited<ReturnType<typeof findAdoption>>>;

/** The sections an adoption is on or was on (a section it was taken off included). */
export async function linkedSectionIds(db: Db, adoptionMaterialId: number): Promise<number[]> {
  const rows = await db
    .select({ sectionId: adoptionMaterialSections.sectionId })
    .from(adoptionMaterialSections)
    .where(eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterialId));
  return rows.map((r) => r.sectionId);
}

const historyColumns = {
  id: adoptionActivity.id,
  action: adoptionActivity.action,
  at: adoptionActivity.at,
  details: adoptionActivity.details,
  actorUserName: userAccounts.userName,
  actorName: userAccounts.name,
};

/** History entries, each with who wrote it. */
function selectHistory(db: Db) {
  return db
    .select(historyColumns)
    .from(adoptionActivity)
    .leftJoin(userAccounts, eq(userAccounts.id, adoptionActivity.actorAccountId));
}

/** An adoption's history, oldest first, with who did each thing. */
export async function listHistory(db: Db, adoptionMaterialId: number) {
  return selectHistory(db)
    .where(eq(adoptionActivity.adoptionMaterialId, adoptionMaterialId))
    .orderBy(asc(adoptionActivity.at), asc(adoptionActivity.id));
}

export type HistoryRow = Awaited<ReturnType<typeof listHistory>>[number];

/** One history entry, with who wrote it. */
export async function findEntry(db: Db, id: number): Promise<HistoryRow | null> {
  const [row] = await selectHistory(db).where(eq(adoptionActivity.id, id)).limit(1);
  return row ?? null;
}

/** Locks the adoption row for the rest of the transaction: its changes happen one at a time. */
export async function lockAdoption(db: Db, adoptionMaterialId: number): Promise<string | null> {
  const [row] = await db
    .select({ messagingStatus: adoptionMaterials.messagingStatus })
    .from(adoptionMaterials)
    .where(eq(adoptionMaterials.id, adoptionMaterialId))
    .for('update');
  return row?.messagingStatus ?? null;
}

/** The newest entry one account wrote on an adoption with this action. */
export async function lastEntryBy(
  db: Db,
  adoptionMaterialId: number,
  actorAccountId: number,
  action: string,
): Promise<HistoryRow | null> {
  const [row] = await selectHistory(db)
    .where(
      and(
        eq(adoptionActivity.adoptionMaterialId, adoptionMaterialId),
        eq(adoptionActivity.actorAccountId, actorAccountId),
        eq(adoptionActivity.action, action),
      ),
    )
    .orderBy(desc(adoptionActivity.at), desc(adoptionActivity.id))
    .limit(1);
  return row ?? null;
}

export async function insertActivity(
  db: Db,
  row: {
    locationId: number;
    adoptionMaterialId: number;
    actorAccountId: number;
    action: string;
    at: Date;
    details: Record<string, unknown>;
  },
): Promise<number> {
  const [inserted] = await db
    .insert(adoptionActivity)
    .values(row)
    .returning({ id: adoptionActivity.id });
  return inserted?.id ?? 0;
}

/** Sets the messaging status; the adoption row is locked until the transaction ends. */
export async function setMessagingStatus(
  db: Db,
  adoptionMaterialId: number,
  status: string,
  at: Date,
): Promise<void> {
  await db
    .update(adoptionMaterials)
    .set({ messagingStatus: status, updatedAt: at })
    .where(eq(adoptionMaterials.id, adoptionMaterialId));
}

/** The adoption's link to a section, locked for the rest of the transaction. */
export async function lockSectionLink(db: Db, adoptionMaterialId: number, sectionId: number) {
  const [row] = await db
    .select({ removed: adoptionMaterialSections.removed })
    .from(adoptionMaterialSections)
    .where(
      and(
        eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterialId),
        eq(adoptionMaterialSections.sectionId, sectionId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function setSectionRemoved(
  db: Db,
  adoptionMaterialId: number,
  sectionId: number,
  removed: boolean,
): Promise<void> {
  await db
    .update(adoptionMaterialSections)
    .set({ removed })
    .where(
      and(
        eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterialId),
        eq(adoptionMaterialSections.sectionId, sectionId),
      ),
    );
}

/** The e-mail address of an account of the store (the adoption's submitter). */
export async function findAccountEmail(
  db: Db,
  accountId: number,
): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: userAccounts.email, name: userAccounts.name })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId))
    .limit(1);
  return row?.email ? { email: row.email, name: row.name } : null;
}

/** Ends an adoption; true only for the change that ended it (a retry finds it ended). */
export async function deactivateAdoption(db: Db, adoptionMaterialId: number, at: Date) {
  const rows = await db
    .update(adoptionMaterials)
    .set({ active: false, updatedAt: at })
    .where(and(eq(adoptionMaterials.id, adoptionMaterialId), eq(adoptionMaterials.active, true)))
    .returning({ id: adoptionMaterials.id });
  return rows.length > 0;
}

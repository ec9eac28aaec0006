import { ADOPTION_TYPE } from '@csp/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  adoptionMaterialSections,
  adoptionMaterials,
  courses,
  locations,
} from '../../../db/schema/index.ts';

export type AdoptionRow = typeof adoptionMaterials.$inferSelect;
export type NewAdoptionRow = typeof adoptionMaterials.$inferInsert;

/** The store's settings the adoption rules read. */
export async function storeAdoptionSettings(db: Db, locationId: number) {
  const [row] = await db
    .select({
      allowSubmittersToSelectPrintOnly: locations.allowSubmittersToSelectPrintOnly,
      courseMaterialsEmail: locations.courseMaterialsEmail,
      storeName: locations.name,
    })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return (
    row ?? { allowSubmittersToSelectPrintOnly: false, courseMaterialsEmail: null, storeName: '' }
  );
}

/**
 * Locks the course for the rest of the transaction: adoptions of one course are written one
 * at a time, so two submits cannot both pass the duplicate check.
 */
export async function lockCourse(db: Db, courseId: number): Promise<void> {
  await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
}

/** The adoption an earlier submit with this request id created, if any. */
export async function findByRequestId(
  db: Db,
  accountId: number,
  requestId: string,
): Promise<AdoptionRow | null> {
  const [row] = await db
    .select()
    .from(adoptionMaterials)
    .where(
      and(eq(adoptionMaterials.createdBy, accountId), eq(adoptionMaterials.requestId, requestId)),
    )
    .limit(1);
  return row ?? null;
}

/** What the material of an adoption is: a title, a proposed title, or neither (NTR). */
export interface MaterialRef {
  titleId: number | null;
  proposedTitleId: number | null;
}

const sameMaterial = (m: MaterialRef) =>
  m.titleId !== null
    ? eq(adoptionMaterials.titleId, m.titleId)
    : m.proposedTitleId !== null
      ? and(
          eq(adoptionMaterials.proposedTitleId, m.proposedTitleId),
          sql`${adoptionMaterials.titleId} is null`,
        )
      : sql`false`;

/** The course's active adoptions of the material. */
const activeAdoptionsOf = (courseId: number, material: MaterialRef) =>
  and(
    eq(adoptionMaterials.courseId, courseId),
    eq(adoptionMaterials.active, true),
    sameMaterial(material),
  );

/** Joins a section link to its adoption. */
const linkOfAdoption = eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterials.id);

/** A section adoption's link to a section it is still on (one taken off is kept, as removed). */
const liveSectionLink = and(
  eq(adoptionMaterials.adoptionType, ADOPTION_TYPE.SECTION),
  eq(adoptionMaterialSections.removed, false),
);

/**
 * Where the course already has this material, other than the adoption `exceptId`: on an
 * active auto adoption, and on which of `sectionIds` through an active section adoption.
 */
export async function existingAdoptionsOf(
  db: Db,
  courseId: number,
  material: MaterialRef,
  sectionIds: readonly number[],
  exceptId: number | null,
): Promise<{ onAutoAdoption: boolean; onSections: number[] }> {
  const others = and(
    activeAdoptionsOf(courseId, material),
    exceptId === null ? undefined : ne(adoptionMaterials.id, exceptId),
  );
  const [auto] = await db
    .select({ id: adoptionMaterials.id })
    .from(adoptionMaterials)
    .where(and(others, eq(adoptionMaterials.adoptionType, ADOPTION_TYPE.AUTO)))
    .limit(1);
  const onSections =
    sectionIds.length === 0
      ? []
      : await db
          .selectDistinct({ sectionId: adoptionMaterialSections.sectionId })
          .from(adoptionMaterialSections)
          .innerJoin(adoptionMaterials, linkOfAdoption)
          .where(
            and(
              others,
              liveSectionLink,
              inArray(adoptionMaterialSections.sectionId, [...sectionIds]),
            ),
          );
  return { onAutoAdoption: auto !== undefined, onSections: onSections.map((r) => r.sectionId) };
}

/** Any active section adoption of the material on the course (an auto adoption would repeat it). */
export async function hasSectionAdoptionOf(
  db: Db,
  courseId: number,
  material: MaterialRef,
): Promise<boolean> {
  const [row] = await db
    .select({ id: adoptionMaterials.id })
    .from(adoptionMaterials)
    .innerJoin(adoptionMaterialSections, linkOfAdoption)
    .where(and(activeAdoptionsOf(courseId, material), liveSectionLink))
    .limit(1);
  return row !== undefined;
}

export async function insertAdoption(db: Db, row: NewAdoptionRow): Promise<AdoptionRow> {
  const [inserted] = await db.insert(adoptionMaterials).values(row).returning();
  if (!inserted) throw new Error('the adoption was not stored');
  return inserted;
}

/** Puts the adoption on these sections (back on them, if it had been removed from them). */
export async function linkSections(
  db: Db,
  adoptionMaterialId: number,
  sectionIds: readonly number[],
): Promise<void> {
  if (sectionIds.length === 0) return;
  await db
    .insert(adoptionMaterialSections)
    .values(sectionIds.map((sectionId) => ({ adoptionMaterialId, sectionId, removed: false })))
    .onConflictDoUpdate({
      target: [adoptionMaterialSections.adoptionMaterialId, adoptionMaterialSections.sectionId],
      set: { removed: false },
    });
}

export async function unlinkSections(
  db: Db,
  adoptionMaterialId: number,
  sectionIds: readonly number[],
): Promise<void> {
  if (sectionIds.length === 0) return;
  await db
    .update(adoptionMaterialSections)
    .set({ removed: true })
    .where(
      and(
        eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterialId),
        inArray(adoptionMaterialSections.sectionId, [...sectionIds]),
      ),
    );
}

/** The adoption, locked for the rest of the transaction, with the sections it covers now. */
export async function lockAdoptionForChange(
  db: Db,
  adoptionMaterialId: number,
): Promise<{ row: AdoptionRow; sectionIds: number[] } | null> {
  const [row] = await db
    .select()
    .from(adoptionMaterials)
    .where(eq(adoptionMaterials.id, adoptionMaterialId))
    .for('update');
  if (!row) return null;
  const links = await db
    .select({ sectionId: adoptionMaterialSections.sectionId })
    .from(adoptionMaterialSections)
    .where(
      and(
        eq(adoptionMaterialSections.adoptionMaterialId, adoptionMaterialId),
        eq(adoptionMaterialSections.removed, false),
      ),
    );
  return { row, sectionIds: links.map((l) => l.sectionId) };
}

export async function updateAdoption(
  db: Db,
  adoptionMaterialId: number,
  changes: Partial<NewAdoptionRow>,
): Promise<void> {
  await db
    .update(adoptionMaterials)
    .set(changes)
    .where(eq(adoptionMaterials.id, adoptionMaterialId));
}

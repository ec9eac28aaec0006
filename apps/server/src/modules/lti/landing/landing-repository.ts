import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  courses,
  departments,
  locations,
  ltiContextLinks,
  ltiDeepLinks,
  ltiLaunches,
  ltiRegistrations,
  sections,
} from '../../../db/schema/index.ts';

/** How a page names a section: "BIO 101 section 001" and the course's name. */
export interface SectionLabel {
  departmentCode: string;
  courseCode: string;
  sectionCode: string;
  courseName: string;
}

/** A section of the store by its codes, or null (another store's section is unknown). */
export async function findSectionLabel(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<SectionLabel | null> {
  const [row] = await db
    .select({
      departmentCode: departments.code,
      courseCode: courses.code,
      sectionCode: sections.code,
      courseName: courses.name,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(departments, eq(departments.id, courses.departmentId))
    .where(and(eq(sections.id, sectionId), eq(sections.locationId, locationId)))
    .limit(1);
  return row ?? null;
}

/** The store's name and its course materials team's address (store settings). */
export async function findStoreContact(db: Db, locationId: number) {
  const [row] = await db
    .select({ storeName: locations.name, courseMaterialsEmail: locations.courseMaterialsEmail })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row ?? { storeName: '', courseMaterialsEmail: null };
}

/** The launch that holds a pick code, locked until the transaction ends (one tie at a time). */
export async function lockPickLaunch(db: Db, pickCodeHash: string) {
  const [row] = await db
    .select({
      id: ltiLaunches.id,
      locationId: ltiLaunches.locationId,
      accountId: ltiLaunches.accountId,
      registrationId: ltiLaunches.registrationId,
      contextId: ltiLaunches.contextId,
      sectionId: ltiLaunches.sectionId,
      pickExpiresAt: ltiLaunches.pickExpiresAt,
    })
    .from(ltiLaunches)
    .where(eq(ltiLaunches.pickCodeHash, pickCodeHash))
    .for('update');
  return row ?? null;
}

/**
 * Spends the pick: the launch's log row names the section chosen (an unmapped launch has none
 * until then, which is what marks the code spent), and the platform course is tied to it, the
 * latest choice replacing an earlier one.
 */
export async function tieLaunchedCourse(
  db: Db,
  tie: {
    launchId: number;
    registrationId: number;
    contextId: string;
    sectionId: number;
    accountId: number;
  },
): Promise<void> {
  await db
    .update(ltiLaunches)
    .set({ sectionId: tie.sectionId })
    .where(and(eq(ltiLaunches.id, tie.launchId), isNull(ltiLaunches.sectionId)));
  await db
    .insert(ltiContextLinks)
    .values({
      registrationId: tie.registrationId,
      contextId: tie.contextId,
      sectionId: tie.sectionId,
      linkedBy: tie.accountId,
    })
    .onConflictDoUpdate({
      target: [ltiContextLinks.registrationId, ltiContextLinks.contextId],
      set: { sectionId: tie.sectionId, linkedBy: tie.accountId, linkedAt: sql`now()` },
    });
}

export type NewDeepLink = typeof ltiDeepLinks.$inferInsert;

export async function insertDeepLink(db: Db, row: NewDeepLink): Promise<void> {
  await db.insert(ltiDeepLinks).values(row);
}

/** A deep link of the store with its registration, locked when `lock` (the answer spends it). */
export async function findDeepLink(db: Db, locationId: number, codeHash: string, lock = false) {
  const query = db
    .select({ link: ltiDeepLinks, registration: ltiRegistrations })
    .from(ltiDeepLinks)
    .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiDeepLinks.registrationId))
    .where(and(eq(ltiDeepLinks.codeHash, codeHash), eq(ltiDeepLinks.locationId, locationId)));
  const [row] = lock ? await query.for('update', { of: ltiDeepLinks }) : await query;
  return row ?? null;
}

export async function markDeepLinkUsed(db: Db, codeHash: string, at: Date): Promise<void> {
  await db.update(ltiDeepLinks).set({ usedAt: at }).where(eq(ltiDeepLinks.codeHash, codeHash));
}

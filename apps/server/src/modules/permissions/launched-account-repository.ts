import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { professors, sectionProfessors } from '../../db/schema/index.ts';

/**
 * The registrar's record of a launched instructor: a professor of one of the sections with the
 * launch's e-mail and no account yet (the oldest, when several).
 */
export async function findUnlinkedProfessor(
  db: Db,
  locationId: number,
  email: string,
  sectionIds: number[],
): Promise<number | null> {
  const [row] = await db
    .select({ id: professors.id })
    .from(professors)
    .innerJoin(sectionProfessors, eq(sectionProfessors.professorId, professors.id))
    .where(
      and(
        eq(professors.locationId, locationId),
        isNull(professors.accountId),
        sql`lower(trim(${professors.email})) = ${email}`,
        inArray(sectionProfessors.sectionId, sectionIds),
      ),
    )
    .orderBy(asc(professors.id))
    .limit(1);
  return row?.id ?? null;
}

export async function linkProfessorAccount(db: Db, professorId: number, accountId: number) {
  await db.update(professors).set({ accountId }).where(eq(professors.id, professorId));
}

export async function insertProfessor(
  db: Db,
  row: {
    locationId: number;
    firstName: string;
    lastName: string;
    email: string;
    accountId: number;
  },
): Promise<number> {
  const [inserted] = await db.insert(professors).values(row).returning({ id: professors.id });
  if (!inserted) throw new Error('professor insert returned no row');
  return inserted.id;
}

/** The professor teaches the sections (links already there stay). */
export async function insertSectionProfessors(db: Db, professorId: number, sectionIds: number[]) {
  if (sectionIds.length === 0) return;
  await db
    .insert(sectionProfessors)
    .values(sectionIds.map((sectionId) => ({ sectionId, professorId })))
    .onConflictDoNothing();
}

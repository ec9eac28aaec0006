import { sql, type SQL } from 'drizzle-orm';
import type { IaAccessListSection, IaAccessListStudent } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaParticipatingSql } from '../participation-sql.ts';

/**
 * Access lists (issue 32, point 5): the program sections of a store and their students who are
 * in (enrolled, and participating by `iaParticipatingSql`), and the store's integration token.
 */

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type SectionRow = Omit<IaAccessListSection, 'materials' | 'students'> & { programId: number };

/** The students who are in, by program: by last name, first name, student ID. */
async function studentsIn(
  db: Db,
  programIds: readonly number[],
): Promise<Map<number, IaAccessListStudent[]>> {
  const byProgram = new Map<number, IaAccessListStudent[]>();
  if (programIds.length === 0) return byProgram;
  const rows = await queryRows<IaAccessListStudent & { programId: number }>(
    db,
    sql`select p.program_id as "programId", s.student_id_num as "studentId",
          s.first_name as "firstName", s.last_name as "lastName", s.email
        from ia_participants p
        join ia_programs pr on pr.id = p.program_id
        join students s on s.id = p.student_id
        where p.program_id in (${idList(programIds)}) and p.enrolled
          and ${iaParticipatingSql('p', 'pr')}
        order by p.program_id, lower(s.last_name), lower(s.first_name), s.student_id_num`,
  );
  for (const { programId, ...student } of rows) {
    byProgram.set(programId, [...(byProgram.get(programId) ?? []), student]);
  }
  return byProgram;
}

async function materialsOf(
  db: Db,
  programIds: readonly number[],
): Promise<Map<number, IaAccessListSection['materials']>> {
  const byProgram = new Map<number, IaAccessListSection['materials']>();
  if (programIds.length === 0) return byProgram;
  const rows = await queryRows<{ programId: number; title: string; isbn: string | null }>(
    db,
    sql`select pm.program_id as "programId", ti.description as title,
          nullif(ti.ean13, '') as isbn
        from ia_program_materials pm
        join adoption_materials am on am.id = pm.adoption_material_id
        join titles ti on ti.id = am.title_id
        where pm.program_id in (${idList(programIds)})
        order by pm.program_id, ti.description, pm.id`,
  );
  for (const { programId, ...material } of rows) {
    byProgram.set(programId, [...(byProgram.get(programId) ?? []), material]);
  }
  return byProgram;
}

/** The store's program sections matching `where` (over `pr`, `sec`), with materials and students. */
async function programSections(
  db: Db,
  locationId: number,
  where: SQL,
): Promise<IaAccessListSection[]> {
  const sections = await queryRows<SectionRow>(
    db,
    sql`select pr.id as "programId", sec.id as "sectionId", t.id as "termId",
          t.name as "termName", d.code as "departmentCode", c.code as "courseCode",
          c.name as "courseName", sec.code as "sectionCode"
        from ia_programs pr
        join sections sec on sec.id = pr.section_id
        join courses c on c.id = sec.course_id
        join departments d on d.id = c.department_id
        join terms t on t.id = pr.term_id
        where pr.location_id = ${locationId} and ${where}
        order by d.code, c.code, sec.code, sec.id`,
  );
  const ids = sections.map((s) => s.programId);
  const [students, materials] = [await studentsIn(db, ids), await materialsOf(db, ids)];
  return sections.map(({ programId, ...section }) => ({
    ...section,
    materials: materials.get(programId) ?? [],
    students: students.get(programId) ?? [],
  }));
}

/** A program section of the store with its students who are in; null when it is none. */
export async function sectionAccessList(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<IaAccessListSection | null> {
  const [found] = await programSections(db, locationId, sql`pr.section_id = ${sectionId}`);
  return found ?? null;
}

/** Every program section of the store's term; null when the term is not the store's. */
export async function termAccessLists(
  db: Db,
  locationId: number,
  termId: number,
): Promise<IaAccessListSection[] | null> {
  const [term] = await queryRows<{ id: number }>(
    db,
    sql`select id from terms where id = ${termId} and location_id = ${locationId}`,
  );
  if (!term) return null;
  return programSections(db, locationId, sql`pr.term_id = ${termId}`);
}

/** When the store's integration token was made; null: none. */
export async function tokenCreatedAt(db: Db, locationId: number): Promise<string | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select access_token_created_at as at from ia_store_settings
        where location_id = ${locationId} and access_token_hash is not null`,
  );
  return row?.at ? new Date(row.at).toISOString() : null;
}

/** Saves the store's new token's hash (replacing any other: it stops working at once). */
export async function saveTokenHash(
  db: Db,
  locationId: number,
  hash: string,
  accountId: number,
): Promise<string> {
  const [row] = await queryRows<{ at: Date | string }>(
    db,
    sql`insert into ia_store_settings (location_id, access_token_hash, access_token_created_at,
          updated_by, updated_at)
        values (${locationId}, ${hash}, now(), ${accountId}, now())
        on conflict (location_id) do update
          set access_token_hash = excluded.access_token_hash,
            access_token_created_at = excluded.access_token_created_at,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at
        returning access_token_created_at as at`,
  );
  return new Date(row!.at).toISOString();
}

export async function revokeTokenHash(db: Db, locationId: number, accountId: number) {
  await db.execute(
    sql`update ia_store_settings
        set access_token_hash = null, access_token_created_at = null,
          updated_by = ${accountId}, updated_at = now()
        where location_id = ${locationId}`,
  );
}

/** The store whose token has this hash, or null. */
export async function storeOfTokenHash(db: Db, hash: string): Promise<number | null> {
  const [row] = await queryRows<{ locationId: number }>(
    db,
    sql`select location_id as "locationId" from ia_store_settings
        where access_token_hash = ${hash}`,
  );
  return row ? Number(row.locationId) : null;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { classify, recordset, writeAnsweringIds, type Classified } from './recordset-repository.ts';

/** A section named by natural keys (its term already resolved), to find its id. */
export interface SectionKey {
  k: string;
  division_id: number;
  term_id: number;
  dept: string;
  course: string;
  code: string;
}

/** The id of each named section, or null when the store has none by that name. */
export async function findSections(
  db: Db,
  keys: readonly SectionKey[],
): Promise<{ k: string; id: number | null }[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ k: string; id: number | null }>(
    db,
    sql`select x.k, s.id from ${recordset(keys, 'k text, division_id int, term_id int, dept text, course text, code text')}
      left join departments d on d.division_id = x.division_id and d.code = x.dept
      left join courses c on c.department_id = d.id and c.code = x.course
      left join sections s on s.course_id = c.id and s.term_id = x.term_id and s.code = x.code`,
  );
  return rows.map((r) => ({ k: r.k, id: r.id === null ? null : Number(r.id) }));
}

export interface StudentWrite {
  i: number;
  sid: string;
  first: string;
  last: string;
  email: string;
}
const STUDENT = 'i int, sid text, first text, last text, email text';

export function classifyStudents(
  db: Db,
  locationId: number,
  rows: readonly StudentWrite[],
): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, st.id is not null as exists,
        st.id is not null and (st.first_name, st.last_name, st.email)
          is distinct from (x.first, x.last, x.email) as differs
      from ${recordset(rows, STUDENT)}
      left join students st on st.location_id = ${locationId} and st.student_id_num = x.sid`,
  );
}

/** Creates the students not in the store (by student ID) and writes names and e-mails that changed. */
export async function writeStudents(
  db: Db,
  locationId: number,
  rows: readonly StudentWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into students (location_id, student_id_num, first_name, last_name, email)
      select ${locationId}, x.sid, x.first, x.last, x.email from ${recordset(rows, STUDENT)}
      on conflict (location_id, student_id_num) do nothing`,
  );
  await db.execute(
    sql`update students st set first_name = x.first, last_name = x.last, email = x.email
      from ${recordset(rows, STUDENT)}
      where st.location_id = ${locationId} and st.student_id_num = x.sid
        and (st.first_name, st.last_name, st.email) is distinct from (x.first, x.last, x.email)`,
  );
}

export interface EnrollmentWrite {
  i: number;
  sid: string;
  section_id: number;
}
const ENROLLMENT = 'i int, sid text, section_id int';

export function classifyEnrollments(
  db: Db,
  locationId: number,
  rows: readonly EnrollmentWrite[],
): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, exists (select 1 from students st
          join enrollments e on e.student_id = st.id and e.section_id = x.section_id
          where st.location_id = ${locationId} and st.student_id_num = x.sid) as exists,
        false as differs
      from ${recordset(rows, ENROLLMENT)}`,
  );
}

/**
 * Adds the enrollments that are missing (the students exist by now; drops are
 * deleteEnrollments);
 * answers the sections that got one.
 */
export async function writeEnrollments(
  db: Db,
  locationId: number,
  rows: readonly EnrollmentWrite[],
): Promise<number[]> {
  return writeAnsweringIds(
    db,
    rows,
    () => sql`insert into enrollments (student_id, section_id, location_id)
      select st.id, x.section_id, ${locationId} from ${recordset(rows, ENROLLMENT)}
      join students st on st.location_id = ${locationId} and st.student_id_num = x.sid
      on conflict do nothing
      returning section_id as id`,
  );
}

/**
 * Deletes the named enrolments that exist (a feed's drops, issue 32); answers the sections that
 * lost one. The database's triggers mark a program's participant dropped (migration 0040).
 */
export async function deleteEnrollments(
  db: Db,
  locationId: number,
  rows: readonly EnrollmentWrite[],
): Promise<number[]> {
  return writeAnsweringIds(
    db,
    rows,
    () => sql`delete from enrollments e
      using ${recordset(rows, ENROLLMENT)}
      join students st on st.location_id = ${locationId} and st.student_id_num = x.sid
      where e.student_id = st.id and e.section_id = x.section_id
      returning e.section_id as id`,
  );
}

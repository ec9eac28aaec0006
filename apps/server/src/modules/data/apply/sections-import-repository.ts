import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { professorNamed } from './professors-import-repository.ts';
import {
  classify,
  recordset,
  writeAnsweringIds,
  type Classified,
} from './recordset-repository.ts';

/**
 * The statements of a section list import (courses-sections, UIUC files): per chunk, each
 * kind of record is compared with the store by its natural key, then written by an insert of
 * what is missing and an update of what differs, so a re-import writes nothing.
 */

export interface TermWrite {
  division_id: number;
  name: string;
  start_date: string;
  end_date: string;
}

/** Creates terms (division, name) and answers the id of each, created or already there. */
export async function createTerms(
  db: Db,
  locationId: number,
  rows: readonly TermWrite[],
): Promise<{ divisionId: number; name: string; id: number }[]> {
  const columns = 'division_id int, name text, start_date date, end_date date';
  await db.execute(
    sql`insert into terms (location_id, division_id, name, start_date, end_date)
      select ${locationId}, x.division_id, x.name, x.start_date, x.end_date
      from ${recordset(rows, columns)}
      on conflict (division_id, name) do nothing`,
  );
  const found = await queryRows<{ divisionId: number; name: string; id: number }>(
    db,
    sql`select t.division_id as "divisionId", t.name, t.id from ${recordset(rows, columns)}
      join terms t on t.division_id = x.division_id and t.name = x.name`,
  );
  return found.map((r) => ({ ...r, divisionId: Number(r.divisionId), id: Number(r.id) }));
}

export interface DepartmentWrite {
  i: number;
  division_id: number;
  code: string;
  /** Null: the file gives none (a new department is named by its code; a stored name stays). */
  name: string | null;
  /** Null: not given (a stored contact stays; issue 30's campaign digest goes to it). */
  contact_name: string | null;
  contact_email: string | null;
}
const DEPARTMENT = 'i int, division_id int, code text, name text, contact_name text, contact_email text';
const departmentOf = sql`departments d on d.division_id = x.division_id and d.code = x.dept`;
/** What a department row would change: each value the file gives that is not the stored one. */
const departmentChanges = sql`(d.name, d.contact_name, d.contact_email) is distinct from
  (coalesce(x.name, d.name), coalesce(x.contact_name, d.contact_name),
    coalesce(x.contact_email, d.contact_email))`;

export function classifyDepartments(db: Db, rows: readonly DepartmentWrite[]): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, d.id is not null as exists, d.id is not null and ${departmentChanges} as differs
      from ${recordset(rows, DEPARTMENT)}
      left join departments d on d.division_id = x.division_id and d.code = x.code`,
  );
}

export async function writeDepartments(
  db: Db,
  locationId: number,
  rows: readonly DepartmentWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into departments (location_id, division_id, code, name, contact_name, contact_email)
      select ${locationId}, x.division_id, x.code, coalesce(x.name, x.code), x.contact_name,
        x.contact_email
      from ${recordset(rows, DEPARTMENT)}
      on conflict (division_id, code) do nothing`,
  );
  if (!rows.some((r) => r.name !== null || r.contact_name !== null || r.contact_email !== null)) {
    return;
  }
  await db.execute(
    sql`update departments d set name = coalesce(x.name, d.name),
        contact_name = coalesce(x.contact_name, d.contact_name),
        contact_email = coalesce(x.contact_email, d.contact_email)
      from ${recordset(rows, DEPARTMENT)}
      where d.division_id = x.division_id and d.code = x.code and ${departmentChanges}`,
  );
}

export interface CourseWrite {
  i: number;
  division_id: number;
  dept: string;
  code: string;
  name: string;
  /** Null: not given (a stored description stays). */
  description: string | null;
}
const COURSE = 'i int, division_id int, dept text, code text, name text, description text';

export function classifyCourses(db: Db, rows: readonly CourseWrite[]): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, c.id is not null as exists,
        c.id is not null and (c.name, c.description)
          is distinct from (x.name, coalesce(x.description, c.description)) as differs
      from ${recordset(rows, COURSE)}
      left join ${departmentOf}
      left join courses c on c.department_id = d.id and c.code = x.code`,
  );
}

export async function writeCourses(
  db: Db,
  locationId: number,
  rows: readonly CourseWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into courses (location_id, division_id, department_id, code, name, description)
      select ${locationId}, x.division_id, d.id, x.code, x.name, coalesce(x.description, '')
      from ${recordset(rows, COURSE)} join ${departmentOf}
      on conflict (department_id, code) do nothing`,
  );
  await db.execute(
    sql`update courses c set name = x.name, description = coalesce(x.description, c.description)
      from ${recordset(rows, COURSE)} join ${departmentOf}
      where c.department_id = d.id and c.code = x.code
        and (c.name, c.description)
          is distinct from (x.name, coalesce(x.description, c.description))`,
  );
}

/** A record naming a section by its natural keys: what `sectionOf` joins it to its section by. */
interface SectionKeyWrite {
  i: number;
  division_id: number;
  /** Null while validating a term the import would create: no section of it exists. */
  term_id: number | null;
  dept: string;
  course: string;
  code: string;
}
const SECTION_KEY = 'i int, division_id int, term_id int, dept text, course text, code text';

export interface SectionWrite extends SectionKeyWrite {
  /** Null: not given (a stored date stays; a new section gets the term's). */
  start_date: string | null;
  end_date: string | null;
  term_start: string;
  term_end: string;
  /** Null: not given or unknown (a stored figure stays; a new section gets 0). */
  capacity: number | null;
  estimated: number | null;
}
const SECTION = `${SECTION_KEY}, start_date date, end_date date, term_start date, term_end date, capacity int, estimated int`;

/** Joins x (dept, course, term_id, code) to its course `c` and section `s`. */
const courseOf = sql`courses c on c.department_id = d.id and c.code = x.course`;
const sectionOf = sql`sections s on s.course_id = c.id and s.term_id = x.term_id and s.code = x.code`;
const sectionChanges = sql`(s.start_date, s.end_date, s.enrollment_capacity, s.estimated_enrollment)
  is distinct from (coalesce(x.start_date, s.start_date), coalesce(x.end_date, s.end_date),
    coalesce(x.capacity, s.enrollment_capacity), coalesce(x.estimated, s.estimated_enrollment))`;

export function classifySections(db: Db, rows: readonly SectionWrite[]): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, s.id is not null as exists, s.id is not null and ${sectionChanges} as differs
      from ${recordset(rows, SECTION)}
      left join ${departmentOf} left join ${courseOf} left join ${sectionOf}`,
  );
}

/** Creates the missing sections and writes what changed; answers the ids of the new ones. */
export async function writeSections(
  db: Db,
  locationId: number,
  rows: readonly SectionWrite[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const created = await writeAnsweringIds(
    db,
    rows,
    () => sql`insert into sections (location_id, course_id, term_id, code, start_date, end_date,
        enrollment_capacity, estimated_enrollment)
      select ${locationId}, c.id, x.term_id, x.code, coalesce(x.start_date, x.term_start),
        coalesce(x.end_date, x.term_end), coalesce(x.capacity, 0), coalesce(x.estimated, 0)
      from ${recordset(rows, SECTION)} join ${departmentOf} join ${courseOf}
      on conflict (course_id, term_id, code) do nothing
      returning id`,
  );
  await db.execute(
    sql`update sections s set start_date = coalesce(x.start_date, s.start_date),
        end_date = coalesce(x.end_date, s.end_date),
        enrollment_capacity = coalesce(x.capacity, s.enrollment_capacity),
        estimated_enrollment = coalesce(x.estimated, s.estimated_enrollment)
      from ${recordset(rows, SECTION)} join ${departmentOf} join ${courseOf}
      where s.course_id = c.id and s.term_id = x.term_id and s.code = x.code
        and ${sectionChanges}`,
  );
  return created;
}

/** A professor teaching a section, both named by natural keys. */
export interface LinkWrite extends SectionKeyWrite {
  last: string;
  first: string;
}
const LINK = `${SECTION_KEY}, last text, first text`;

function linkSource(locationId: number, rows: readonly LinkWrite[], join: 'left join' | 'join'): SQL {
  const j = sql.raw(join);
  return sql`${recordset(rows, LINK)} ${j} ${departmentOf} ${j} ${courseOf} ${j} ${sectionOf}
    ${j} ${professorNamed(locationId, 'p')} on true`;
}

export function classifyLinks(
  db: Db,
  locationId: number,
  rows: readonly LinkWrite[],
): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, exists (select 1 from section_professors sp
          where sp.section_id = s.id and sp.professor_id = p.id) as exists, false as differs
      from ${linkSource(locationId, rows, 'left join')}`,
  );
}

/**
 * Adds the links that are missing (a professor no longer in the file keeps their link);
 * answers the sections that got one.
 */
export async function writeLinks(
  db: Db,
  locationId: number,
  rows: readonly LinkWrite[],
): Promise<number[]> {
  return writeAnsweringIds(
    db,
    rows,
    () => sql`insert into section_professors (section_id, professor_id)
      select s.id, p.id from ${linkSource(locationId, rows, 'join')}
      on conflict do nothing
      returning section_id as id`,
  );
}

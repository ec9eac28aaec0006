import { sql, type SQL } from 'drizzle-orm';
import type {
  ResearchCourse,
  ResearchDepartment,
  ResearchDivision,
  ResearchProfessor,
  ResearchTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * The section filter's lookups. Each offers only what has a section in the caller's scope
 * (`scope`: the VIEW_SECTION predicate over a section `s` of a course `c`), so a scoped user
 * is never offered a choice that lists nothing. `inScope` is that test as an EXISTS over
 * sections matching `where`.
 */
function inScope(locationId: number, scope: SQL, where: SQL): SQL {
  return sql`exists (select 1 from sections s join courses c on c.id = s.course_id
    where s.location_id = ${locationId} and ${where} and (${scope}))`;
}

/** A professor teaches a section in scope: read from their section_professors rows. */
function teachesInScope(locationId: number, scope: SQL, professorId: SQL | number): SQL {
  return sql`exists (select 1 from section_professors sp join sections s on s.id = sp.section_id
      join courses c on c.id = s.course_id
    where sp.professor_id = ${professorId} and s.location_id = ${locationId} and (${scope}))`;
}

export async function scopedDivisions(
  db: Db,
  locationId: number,
  scope: SQL,
): Promise<ResearchDivision[]> {
  const rows = await queryRows<{ divisionId: number; divisionName: string }>(
    db,
    sql`select dv.id as "divisionId", dv.name as "divisionName" from divisions dv
      where dv.location_id = ${locationId} and ${inScope(locationId, scope, sql`c.division_id = dv.id`)}
      order by dv.name, dv.id`,
  );
  return rows.map((r) => ({ divisionId: Number(r.divisionId), divisionName: r.divisionName }));
}

/** Whether the catalog item has a section in the caller's scope (and is of their store). */
export async function hasScopedSection(
  db: Db,
  locationId: number,
  scope: SQL,
  level: 'division' | 'term' | 'department' | 'course' | 'professor',
  id: number,
): Promise<boolean> {
  const where: Record<typeof level, SQL> = {
    division: sql`c.division_id = ${id}`,
    term: sql`s.term_id = ${id}`,
    department: sql`c.department_id = ${id}`,
    course: sql`s.course_id = ${id}`,
    professor: sql`true`,
  };
  const test =
    level === 'professor'
      ? teachesInScope(locationId, scope, id)
      : inScope(locationId, scope, where[level]);
  const [row] = await queryRows<{ yes: boolean }>(db, sql`select ${test} as yes`);
  return row?.yes === true;
}

export async function scopedTerms(
  db: Db,
  locationId: number,
  scope: SQL,
  divisionId: number,
): Promise<ResearchTerm[]> {
  const rows = await queryRows<ResearchTerm>(
    db,
    sql`select tm.id as "termId", tm.name as "termName", tm.start_date::text as "startDate",
        tm.end_date::text as "endDate"
      from terms tm
      where tm.location_id = ${locationId} and tm.division_id = ${divisionId}
        and ${inScope(locationId, scope, sql`s.term_id = tm.id`)}
      order by tm.start_date desc, tm.id desc`,
  );
  return rows.map((r) => ({ ...r, termId: Number(r.termId) }));
}

export async function scopedDepartments(
  db: Db,
  locationId: number,
  scope: SQL,
  termId: number,
): Promise<ResearchDepartment[]> {
  const rows = await queryRows<ResearchDepartment>(
    db,
    sql`select d.id as "departmentId", d.code as "departmentCode", d.name as "departmentName"
      from departments d
      where d.location_id = ${locationId}
        and ${inScope(locationId, scope, sql`c.department_id = d.id and s.term_id = ${termId}`)}
      order by d.code, d.id`,
  );
  return rows.map((r) => ({ ...r, departmentId: Number(r.departmentId) }));
}

export async function scopedCourses(
  db: Db,
  locationId: number,
  scope: SQL,
  departmentId: number,
  termId: number | undefined,
): Promise<ResearchCourse[]> {
  const inTerm = termId === undefined ? sql`` : sql` and s.term_id = ${termId}`;
  const rows = await queryRows<ResearchCourse>(
    db,
    sql`select m.id as "courseId", m.code as "courseCode", m.name as "courseName"
      from courses m
      where m.location_id = ${locationId} and m.department_id = ${departmentId}
        and ${inScope(locationId, scope, sql`s.course_id = m.id${inTerm}`)}
      order by m.code, m.id`,
  );
  return rows.map((r) => ({ ...r, courseId: Number(r.courseId) }));
}

/** Professors teaching in scope whose last or first name starts with `prefix` (LIKE-escaped). */
export async function scopedProfessors(
  db: Db,
  locationId: number,
  scope: SQL,
  match: { prefix: string; professorId?: number },
  limit: number,
): Promise<ResearchProfessor[]> {
  const named = match.prefix
    ? sql`(lower(p.last_name) like ${match.prefix + '%'} or lower(p.first_name) like ${match.prefix + '%'})`
    : sql`true`;
  const picked = match.professorId === undefined ? sql`false` : sql`p.id = ${match.professorId}`;
  const teaches = teachesInScope(locationId, scope, sql`p.id`);
  const rows = await queryRows<ResearchProfessor>(
    db,
    // The picked professor first so the limit keeps them, then all by name.
    sql`select "professorId", "name" from (
        select p.id as "professorId", p.last_name || ', ' || p.first_name as "name",
          p.last_name, p.first_name
        from professors p
        where p.location_id = ${locationId} and (${named} or ${picked}) and ${teaches}
        order by ${match.professorId === undefined ? sql`` : sql`(${picked}) desc, `}p.last_name, p.first_name, p.id
        limit ${limit}
      ) found
      order by last_name, first_name, "professorId"`,
  );
  return rows.map((r) => ({ ...r, professorId: Number(r.professorId) }));
}

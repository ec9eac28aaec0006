import { sql, type SQL } from 'drizzle-orm';
import type { AuthCourse, AuthDepartment, AuthDivision } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import type { Grants } from '../../permissions/index.ts';
import { adoptScopeCondition } from './scope-repository.ts';

/**
 * The course list filter's pickers, limited to the caller's adopt scope (their grants' scope
 * over a section `s` of a course `c`): a catalog level is offered when at least one section under it
 * is one the caller may adopt on. Each is an EXISTS probe per row of the level listed.
 */
const inScope = (scope: SQL, where: SQL) =>
  sql`exists (select 1 from courses c join sections s on s.course_id = c.id
    where ${where} and ${scope})`;

export async function adoptDivisions(
  db: Db,
  locationId: number,
  grants: Grants,
): Promise<AuthDivision[]> {
  const scope = await adoptScopeCondition(grants);
  return queryRows<AuthDivision>(
    db,
    sql`select dv.id as "divisionId", dv.name as "divisionName",
        dv.university_name as "universityName"
      from divisions dv
      where dv.location_id = ${locationId} and ${inScope(scope, sql`c.division_id = dv.id`)}
      order by dv.name, dv.id`,
  );
}

export async function adoptDepartments(
  db: Db,
  locationId: number,
  divisionId: number,
  grants: Grants,
): Promise<AuthDepartment[]> {
  const scope = await adoptScopeCondition(grants);
  return queryRows<AuthDepartment>(
    db,
    sql`select d.code as "departmentCode", d.name as "departmentName"
      from departments d
      where d.location_id = ${locationId} and d.division_id = ${divisionId}
        and trim(d.name) <> '' and ${inScope(scope, sql`c.department_id = d.id`)}
      order by d.name, d.code`,
  );
}

export async function adoptCourses(
  db: Db,
  locationId: number,
  divisionId: number,
  departmentCode: string,
  grants: Grants,
): Promise<AuthCourse[]> {
  const scope = await adoptScopeCondition(grants);
  return queryRows<AuthCourse>(
    db,
    sql`select co.code as "courseCode", co.name as "courseName"
      from courses co join departments d on d.id = co.department_id
      where co.location_id = ${locationId} and d.division_id = ${divisionId}
        and d.code = ${departmentCode} and ${inScope(scope, sql`c.id = co.id`)}
      order by co.code, co.id`,
  );
}

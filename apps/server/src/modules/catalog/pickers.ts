import { shortTermName } from '@csp/contracts';
import type { AuthCourse, AuthDepartment, AuthDivision, AuthSection } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { CATALOG_MESSAGES as M } from './messages.ts';
import {
  findCourse,
  findDepartment,
  findDivision,
  listCourses,
  listDepartments,
  listDivisions,
  listSections,
} from './repository.ts';

/** The picker lists of docs/behaviour/validation.md; an unknown parent is a 404 naming the query field. */
export async function divisionsForPicker(db: Db, locationId: number): Promise<AuthDivision[]> {
  const rows = await listDivisions(db, locationId);
  return rows.map((d) => ({
    divisionId: d.id,
    divisionName: d.name,
    universityName: d.universityName,
  }));
}

async function requireDivision(db: Db, locationId: number, divisionId: number) {
  const division = await findDivision(db, locationId, divisionId);
  if (!division) throw AppError.notFound(M.divisionNotFound(divisionId), 'divisionId');
  return division;
}

async function requireDepartment(db: Db, locationId: number, divisionId: number, code: string) {
  const division = await requireDivision(db, locationId, divisionId);
  const department = await findDepartment(db, locationId, division.id, code);
  if (!department) throw AppError.notFound(M.departmentNotFound(code), 'departmentCode');
  return department;
}

export async function departmentsForPicker(
  db: Db,
  locationId: number,
  divisionId: number,
): Promise<AuthDepartment[]> {
  await requireDivision(db, locationId, divisionId);
  const rows = await listDepartments(db, locationId, divisionId);
  return rows.map((d) => ({ departmentCode: d.code, departmentName: d.name.trim() }));
}

export async function coursesForPicker(
  db: Db,
  locationId: number,
  q: { divisionId: number; departmentCode: string },
): Promise<AuthCourse[]> {
  const department = await requireDepartment(db, locationId, q.divisionId, q.departmentCode);
  const rows = await listCourses(db, locationId, department.id);
  return rows.map((c) => ({ courseCode: c.code, courseName: c.name }));
}

export async function sectionsForPicker(
  db: Db,
  locationId: number,
  q: { divisionId: number; departmentCode: string; courseCode: string },
): Promise<AuthSection[]> {
  const department = await requireDepartment(db, locationId, q.divisionId, q.departmentCode);
  const course = await findCourse(db, locationId, department.id, q.courseCode);
  if (!course) throw AppError.notFound(M.courseNotFound(q.courseCode), 'courseCode');
  const rows = await listSections(db, locationId, course.id);
  return rows.map((s) => ({
    sectionId: s.id,
    sectionCode: s.code,
    termName: shortTermName(s.termName),
    startDate: s.startDate,
    endDate: s.endDate,
  }));
}

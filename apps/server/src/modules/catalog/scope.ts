import { scopeLabel } from '@csp/contracts';
import type { AuthCatalogInput } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { CATALOG_MESSAGES as M } from './messages.ts';
import { findCourse, findDepartment, findDivision, listSections } from './repository.ts';
import type { ScopeColumns } from './ancestry-repository.ts';

/** A catalog scope resolved to ids (the full ancestry) plus a readable label. */
export interface ResolvedScope extends ScopeColumns {
  divisionId: number;
  label: string;
}

/** Identifies a scope by its most specific level, however many ancestor ids a row stores. */
export function scopeKey(scope: ScopeColumns): string {
  if (scope.sectionId !== null) return `section:${scope.sectionId}`;
  if (scope.courseId !== null) return `course:${scope.courseId}`;
  if (scope.departmentId !== null) return `department:${scope.departmentId}`;
  if (scope.divisionId !== null) return `division:${scope.divisionId}`;
  return 'store';
}

/**
 * Resolves a requested catalog scope within the caller's store; anything that is not there is
 * a 400 naming the field (`AuthCatalogList.0.departmentCode`).
 */
export async function resolveScope(
  db: Db,
  locationId: number,
  input: AuthCatalogInput,
  fieldPrefix: string,
): Promise<ResolvedScope> {
  const fail = (field: string, message: string) =>
    AppError.badRequest(`${fieldPrefix}.${field}: ${message}`, `${fieldPrefix}.${field}`);
  const division = await findDivision(db, locationId, input.divisionId);
  if (!division) throw fail('divisionId', M.divisionNotFound(input.divisionId));
  const base = { divisionName: division.name, termName: null };
  const scope: ResolvedScope = {
    divisionId: division.id,
    departmentId: null,
    courseId: null,
    sectionId: null,
    label: scopeLabel({ ...base, departmentCode: null, courseCode: null, sectionCode: null }),
  };
  if (!input.departmentCode) return scope;
  const department = await findDepartment(db, locationId, division.id, input.departmentCode);
  if (!department) throw fail('departmentCode', M.departmentNotFound(input.departmentCode));
  scope.departmentId = department.id;
  scope.label = scopeLabel({
    ...base,
    departmentCode: department.code,
    courseCode: null,
    sectionCode: null,
  });
  if (!input.courseCode) return scope;
  const course = await findCourse(db, locationId, department.id, input.courseCode);
  if (!course) throw fail('courseCode', M.courseNotFound(input.courseCode));
  scope.courseId = course.id;
  const courseParts = { departmentCode: department.code, courseCode: course.code };
  scope.label = scopeLabel({ ...base, ...courseParts, sectionCode: null });
  if (!input.sectionId && !input.sectionCode) return scope;
  const matches = await listSections(db, locationId, course.id, {
    sectionId: input.sectionId,
    code: input.sectionCode,
  });
  const field = input.sectionId ? 'sectionId' : 'sectionCode';
  const [section, ...others] = matches;
  if (!section) throw fail(field, M.sectionNotFound);
  if (others.length > 0) throw fail('sectionCode', M.sectionAmbiguous(section.code));
  scope.sectionId = section.id;
  scope.label = scopeLabel({
    ...base,
    ...courseParts,
    sectionCode: section.code,
    termName: section.termName,
  });
  return scope;
}

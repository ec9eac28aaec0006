import {
  PROFESSOR_LOOKUP_LIMIT,
  shortTermName,
  type ResearchCourse,
  type ResearchDepartment,
  type ResearchProfessor,
  type ResearchTerm,
} from '@csp/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { likeLiteral } from '../../catalog/index.ts';
import {
  hasScopedSection,
  scopedCourses,
  scopedDepartments,
  scopedProfessors,
  scopedTerms,
} from './lookup-repository.ts';
import { RESEARCH_MESSAGES as M } from '../research-messages.ts';
import { requireFound } from '../section-access.ts';

/** Who asks and within what: the caller's store and VIEW_SECTION scope. */
export interface LookupScope {
  locationId: number;
  scope: SQL;
}

/**
 * An id the caller sent that is not an item of their store with a section in their scope is
 * answered like one that does not exist: 404 naming the field.
 */
async function requireScoped(
  db: Db,
  s: LookupScope,
  level: Parameters<typeof hasScopedSection>[3],
  id: number,
  message: string,
  field: string,
): Promise<void> {
  requireFound(await hasScopedSection(db, s.locationId, s.scope, level, id), message, field);
}

export async function termsOf(db: Db, s: LookupScope, divisionId: number): Promise<ResearchTerm[]> {
  await requireScoped(db, s, 'division', divisionId, M.divisionNotFound, 'divisionId');
  const terms = await scopedTerms(db, s.locationId, s.scope, divisionId);
  return terms.map((t) => ({ ...t, termName: shortTermName(t.termName) }));
}

export async function departmentsOf(
  db: Db,
  s: LookupScope,
  termId: number,
): Promise<ResearchDepartment[]> {
  await requireScoped(db, s, 'term', termId, M.termNotFound, 'termId');
  return scopedDepartments(db, s.locationId, s.scope, termId);
}

export async function coursesOf(
  db: Db,
  s: LookupScope,
  departmentId: number,
  termId: number | undefined,
): Promise<ResearchCourse[]> {
  await requireScoped(db, s, 'department', departmentId, M.departmentNotFound, 'departmentId');
  if (termId !== undefined) await requireScoped(db, s, 'term', termId, M.termNotFound, 'termId');
  return scopedCourses(db, s.locationId, s.scope, departmentId, termId);
}

export async function professorsOf(
  db: Db,
  s: LookupScope,
  search: string | undefined,
  professorId: number | undefined,
): Promise<ResearchProfessor[]> {
  if (professorId !== undefined)
    await requireScoped(db, s, 'professor', professorId, M.professorNotFound, 'professorId');
  const prefix = search ? likeLiteral(search.toLowerCase()) : undefined;
  return scopedProfessors(
    db,
    s.locationId,
    s.scope,
    { prefix: prefix ?? '', professorId },
    PROFESSOR_LOOKUP_LIMIT,
  );
}

import { ADOPT_ACTIONS, COURSE_ACTIONS, type ActionName, type CourseParams } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import {
  findCourse,
  findDepartment,
  listSections,
  type CatalogAncestry,
} from '../catalog/index.ts';
import type { Grants } from '../permissions/index.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';

/** A course of the caller's store that they may work on, and what they may do there. */
export interface AccessibleCourse {
  ancestry: CatalogAncestry & { courseId: number };
  sectionIds: number[];
  /** COURSE_ACTIONS the caller holds on the course itself or on at least one of its sections. */
  actions: ActionName[];
  /** Of those, the ones held on the course itself (what acts on every section needs). */
  courseActions: ActionName[];
}

/**
 * Resolves `/{divisionId}/{departmentCode}/{courseCode}` in the caller's store and what they may
 * do on it. A course they hold no adopt action on, on itself or on a section of it (a
 * section-scoped submitter, an instructor of one section), is answered 404 like a course that
 * does not exist: reading it must not tell whether it exists.
 */
export async function accessibleCourse(
  db: Db,
  session: Session,
  grants: Grants,
  params: CourseParams,
): Promise<AccessibleCourse> {
  const notFound = () =>
    AppError.notFound(M.courseNotFound(params.departmentCode, params.courseCode));
  const department = await findDepartment(
    db,
    session.locationId,
    params.divisionId,
    params.departmentCode,
  );
  if (!department) throw notFound();
  const course = await findCourse(db, session.locationId, department.id, params.courseCode);
  if (!course) throw notFound();
  const ancestry = {
    divisionId: params.divisionId,
    departmentId: department.id,
    courseId: course.id,
    sectionId: null,
  };
  const access = await courseAccess(db, session, grants, ancestry);
  if (!access) throw notFound();
  return access;
}

/**
 * What the caller may do on a course whose ancestry is known (an adoption's course): null when
 * they hold no adopt action on it or on any of its sections.
 */
export async function courseAccess(
  db: Db,
  session: Session,
  grants: Grants,
  ancestry: CatalogAncestry & { courseId: number },
): Promise<AccessibleCourse | null> {
  const sections = await listSections(db, session.locationId, ancestry.courseId);
  const rows: CatalogAncestry[] = [
    { ...ancestry, sectionId: null },
    ...sections.map((s) => ({ ...ancestry, sectionId: s.id })),
  ];
  const actions: ActionName[] = [];
  const courseActions: ActionName[] = [];
  for (const action of COURSE_ACTIONS) {
    const allowed = await grants.mayDoEach(action, rows);
    if (allowed.some(Boolean)) actions.push(action);
    if (allowed[0]) courseActions.push(action);
  }
  if (!actions.some((a) => ADOPT_ACTIONS.includes(a))) return null;
  return {
    ancestry: { ...ancestry, sectionId: null },
    sectionIds: sections.map((s) => s.id),
    actions,
    courseActions,
  };
}

/** For each row (a course or a section, with its full ancestry): may the caller adopt there? */
export async function mayAdoptOnEach(
  grants: Grants,
  rows: readonly CatalogAncestry[],
): Promise<boolean[]> {
  const allowed = rows.map(() => false);
  for (const action of ADOPT_ACTIONS) {
    (await grants.mayDoEach(action, rows)).forEach((yes, i) => {
      if (yes) allowed[i] = true;
    });
  }
  return allowed;
}

import { ADOPTION_TYPE } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import type { Grants } from '../permissions/index.ts';
import {
  findAdoption,
  linkedSectionIds,
  type FoundAdoption,
} from './course-detail/activity-repository.ts';
import { courseAccess, mayAdoptOnEach, type AccessibleCourse } from './course-access.ts';
import { mayAdoptCourseWide } from './adoption-rules.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';

/**
 * Whether the caller reaches an adoption of a course they work on: a course (auto) adoption
 * covers every section, so everyone who adopts on the course or one of its sections reaches it;
 * a section adoption is reached by the course-wide adopters (mayAdoptCourseWide: the course
 * materials team, the course's submitters) and from a section it is on, or was on (whoever took
 * it off their section still sees what happened and may put it back).
 */
async function reaches(
  db: Db,
  grants: Grants,
  adoption: FoundAdoption,
  course: AccessibleCourse,
): Promise<boolean> {
  if (adoption.adoptionType === ADOPTION_TYPE.AUTO || mayAdoptCourseWide(course)) return true;
  const sectionIds = await linkedSectionIds(db, adoption.id);
  const rows = sectionIds.map((sectionId) => ({ ...course.ancestry, sectionId }));
  return (await mayAdoptOnEach(grants, rows)).some(Boolean);
}

/**
 * The one rule of which adoptions a caller may act on at all: read its history and messages,
 * post on it, change it, take it off a section or end it (each change then asks more). An
 * adoption of a course they do not work on is a 404, as if it did not exist; one only on
 * sections they do not adopt for (another instructor's) is a 403, as changing it always was.
 */
export async function adoptionAndCourse(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<{ adoption: FoundAdoption; course: AccessibleCourse }> {
  const adoption = await findAdoption(db, session.locationId, adoptionMaterialId);
  const course = adoption
    ? await courseAccess(db, session, grants, {
        divisionId: adoption.divisionId,
        departmentId: adoption.departmentId,
        courseId: adoption.courseId,
        sectionId: null,
      })
    : null;
  if (!adoption || !course) throw AppError.notFound(M.adoptionNotFound, 'adoptionMaterialId');
  if (!(await reaches(db, grants, adoption, course))) {
    throw AppError.forbidden(M.adoptionOutOfReach, 'adoptionMaterialId');
  }
  return { adoption, course };
}

/** An adoption the caller reaches (see adoptionAndCourse). */
export async function accessibleAdoption(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<FoundAdoption> {
  return (await adoptionAndCourse(db, session, grants, adoptionMaterialId)).adoption;
}

import type { AdoptionSection } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { mayAdoptOnEach, type AccessibleCourse } from '../course-access.ts';
import { listCourseSections } from './section-repository.ts';

// The calendar day the store is on; re-exported for the module's many importers.
export { isoDay };

/**
 * The course's sections that have not ended and that the caller may adopt for: every one for
 * the course-materials team, a scoped submitter's within their scope, an instructor's own.
 * Which of them the wizard lets one pick (horizon, existing no-text-required adoptions) is the
 * wizard's rule, applied to the flags each section carries.
 */
export async function adoptableSections(
  db: Db,
  session: Session,
  grants: Grants,
  course: AccessibleCourse,
  now: Date,
): Promise<AdoptionSection[]> {
  const sections = await listCourseSections(
    db,
    session.locationId,
    course.ancestry.courseId,
    isoDay(now),
  );
  const rows = sections.map((s) => ({ ...course.ancestry, sectionId: s.sectionId }));
  const allowed = await mayAdoptOnEach(grants, rows);
  return sections.filter((_, i) => allowed[i]);
}

import type { SQL } from 'drizzle-orm';
import { catalogDateWindow, type CourseDTO, type CourseListFilters } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { findDivision, parseCourseSearch } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { listCourses } from './list-repository.ts';
import type { CourseListQuery } from './list-query.ts';
import { adoptScopeSql } from './scope-repository.ts';
import { isoDay } from '../course-detail/sections.ts';

/** The repository query for a request: docs/behaviour/constants.md's date defaults, docs/behaviour/validation.md's search override, paging. */
export function courseListQuery(
  body: CourseListFilters,
  locationId: number,
  sectionScope: SQL | null,
  now: Date,
): CourseListQuery {
  const today = isoDay(now);
  const { from, to } = catalogDateWindow(body.sectionStartDate, body.sectionEndDate, today);
  return {
    locationId,
    today,
    sectionScope,
    window: { from, to, open: body.open },
    divisionId: body.divisionId ?? undefined,
    departmentCode: body.departmentCode,
    courseCode: body.courseCode,
    actionType: body.actionType,
    deadlineStatus: body.deadlineStatus,
    designation: body.costDesignation,
    search: body.searchString ? parseCourseSearch(body.searchString) : undefined,
    sortField: body.sortField,
    sortDirection: body.sortDirection,
    page: body.page,
    pageSize: body.coursesPerPage,
  };
}

/**
 * The catalog query for a caller: their adopt scope, and a division filter checked to be one of
 * their store's (another store's id is refused, not answered as an empty list).
 */
export async function callerCourseListQuery(
  db: Db,
  session: Session,
  grants: Grants,
  body: CourseListFilters,
  now: Date,
): Promise<CourseListQuery> {
  if (body.divisionId != null && !body.searchString) {
    const division = await findDivision(db, session.locationId, body.divisionId);
    if (!division)
      throw AppError.badRequest('divisionId: is not a division of this store', 'divisionId');
  }
  return courseListQuery(body, session.locationId, await adoptScopeSql(grants), now);
}

/** One page of the course list for a caller and the number of courses over all pages. */
export async function callerCourseList(
  db: Db,
  session: Session,
  grants: Grants,
  body: CourseListFilters,
  now: Date,
): Promise<{ courseDTOList: CourseDTO[]; recordCount: number }> {
  const page = await listCourses(db, await callerCourseListQuery(db, session, grants, body, now));
  return { courseDTOList: page.rows, recordCount: page.recordCount };
}

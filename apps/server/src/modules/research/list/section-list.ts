import {
  shortTermName,
  type SectionListFilters,
  type SectionPageInfo,
  type SectionRow,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { parseCourseSearch } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { sectionScope } from '../../adoption/index.ts';
import { answeredSectionFacts } from '../section-adoption-facts.ts';
import { decodeCursor, encodeCursor } from './section-cursor.ts';
import {
  countSections,
  sectionPage,
  STATUS_RANK,
  type SectionListQuery,
  type SectionListRow,
} from './section-list-repository.ts';

export function toSectionRow(row: SectionListRow): SectionRow {
  return {
    sectionId: row.sectionId,
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    departmentCode: row.departmentCode,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseName: row.courseName,
    sectionCode: row.sectionCode,
    termId: row.termId,
    termName: shortTermName(row.termName),
    startDate: row.startDate,
    endDate: row.endDate,
    professors: row.professors,
    ...answeredSectionFacts(row),
    adoptionDeadline: row.adoptionDeadline,
    deadlineStatus: row.deadlineStatus,
    designation: row.designation,
    requiredCostLowCents: row.requiredCostLowCents,
    requiredCostHighCents: row.requiredCostHighCents,
  };
}

const flip = (d: 'asc' | 'desc') => (d === 'asc' ? 'desc' : 'asc');

/**
 * sectionList: one keyset page (ADR 0016). No boundary reads the first page; `after` the rows
 * past a cursor; `before` reads the reverse order from a cursor and turns the rows back;
 * `last` reads the reverse order from the end, only the rows the final page holds when walked
 * forward ((total - 1) % pageSize + 1), so `before` from it gives the same pages as `after`.
 * One row more than the page tells whether there is a page beyond in the read direction; the
 * other side is known from the boundary given (or, for `last`, from the total).
 */
export async function sectionListPage(
  db: Db,
  grants: Grants,
  locationId: number,
  body: SectionListFilters,
  today: string,
): Promise<{ sections: SectionRow[]; pageInfo: SectionPageInfo; totalSections: number }> {
  const after = body.after ? decodeCursor(body.after, body.sortField, 'after') : undefined;
  const before = body.before ? decodeCursor(body.before, body.sortField, 'before') : undefined;
  const backwards = before !== undefined || body.last === true;
  const scope = await sectionScope(grants);
  const query: SectionListQuery = {
    locationId,
    scope,
    scopeIsStoreWide: grants.holdsEverywhere('VIEW_SECTION'),
    divisionId: body.divisionId,
    termId: body.termId,
    departmentId: body.departmentId,
    courseId: body.courseId,
    professorId: body.professorId,
    startFrom: body.sectionStartDate,
    startTo: body.sectionEndDate,
    adoptionRank: body.adoptionStatus ? STATUS_RANK[body.adoptionStatus] : undefined,
    deadlineStatus: body.deadlineStatus,
    designation: body.costDesignation,
    today,
    search: body.searchString ? parseCourseSearch(body.searchString) : undefined,
    sortField: body.sortField,
    readDirection: backwards ? flip(body.sortDirection) : body.sortDirection,
    from: after ?? before,
    limit: body.pageSize + 1,
  };
  // Sequential: PGlite runs one statement at a time anyway, and a pool connection is saved.
  // Counted first: the last page's size depends on the total.
  const totalSections = await countSections(db, query);
  const lastSize = totalSections === 0 ? 0 : ((totalSections - 1) % body.pageSize) + 1;
  const limit = body.last === true ? lastSize : query.limit;
  const read = limit === 0 ? [] : await sectionPage(db, { ...query, limit });
  const more = body.last === true ? totalSections > lastSize : read.length > body.pageSize;
  const rows = read.slice(0, body.pageSize);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const cursor = (row: SectionListRow | undefined) =>
    row ? encodeCursor(body.sortField, { value: row.sortValue, id: row.sectionId }) : null;
  return {
    sections: rows.map(toSectionRow),
    pageInfo: {
      page: body.page,
      pageSize: body.pageSize,
      startCursor: cursor(first),
      endCursor: cursor(last),
      hasPreviousPage: backwards ? more : after !== undefined,
      hasNextPage: backwards ? before !== undefined : more,
    },
    totalSections,
  };
}

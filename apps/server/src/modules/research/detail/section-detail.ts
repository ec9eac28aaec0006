import {
  SECTION_STATUS_LABELS,
  shortTermName,
  type SectionDetailDTO,
  type SectionMaterial,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import { courseAccess } from '../../adoption/index.ts';
import type { CatalogAncestry } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { RESEARCH_MESSAGES as M } from '../research-messages.ts';
import { requireFound } from '../section-access.ts';
import { answeredSectionFacts } from '../section-adoption-facts.ts';
import {
  coveringMaterials,
  enrolledStudents,
  findSectionDetail,
  fulfilledShare,
  sectionProfessors,
  type SectionDetailRow,
} from './section-detail-repository.ts';

const ancestryOf = (row: SectionDetailRow): CatalogAncestry => ({
  divisionId: row.divisionId,
  departmentId: row.departmentId,
  courseId: row.courseId,
  sectionId: row.sectionId,
});

/**
 * A section of the caller's store inside their VIEW_SECTION scope; 404 naming sectionId
 * otherwise, so reading one outside the scope does not tell whether it exists. Its standing
 * against the term's deadline is measured on `today`.
 */
export async function viewableSection(
  db: Db,
  session: Session,
  grants: Grants,
  sectionId: number,
  today: string,
): Promise<SectionDetailRow> {
  const row = await findSectionDetail(db, session.locationId, sectionId, today);
  const [allowed] = row ? await grants.mayDoEach('VIEW_SECTION', [ancestryOf(row)]) : [false];
  requireFound(row !== null && allowed === true, M.sectionNotFound, 'sectionId');
  return row as SectionDetailRow;
}

export async function sectionDetailOf(
  db: Db,
  session: Session,
  grants: Grants,
  sectionId: number,
  today: string,
): Promise<SectionDetailDTO> {
  const row = await viewableSection(db, session, grants, sectionId, today);
  const [mayOnTime] = await grants.mayDoEach('VIEW_ONTIME_PERCENTAGE', [ancestryOf(row)]);
  const professors = await sectionProfessors(db, sectionId);
  const students = await enrolledStudents(db, session.locationId, sectionId);
  // The adoption screen's own rule: an adopt action on the course or one of its sections.
  const mayAdopt =
    (await courseAccess(db, session, grants, { ...ancestryOf(row), courseId: row.courseId })) !==
    null;
  const detail: SectionDetailDTO = {
    sectionId: row.sectionId,
    sectionCode: row.sectionCode,
    courseId: row.courseId,
    courseCode: row.courseCode,
    courseName: row.courseName,
    departmentId: row.departmentId,
    departmentCode: row.departmentCode,
    departmentName: row.departmentName,
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    termId: row.termId,
    termName: shortTermName(row.termName),
    startDate: row.startDate,
    endDate: row.endDate,
    enrollmentCapacity: row.enrollmentCapacity,
    professors,
    // Keys are customer ids: JSON objects order integer-like keys numerically whatever the
    // insertion order, so a client sorts by lastName itself.
    studentsEnrolled: Object.fromEntries(students.map((s) => [String(s.customerId), s])),
    ...answeredSectionFacts(row),
    adoptionDeadline: row.adoptionDeadline,
    deadlineStatus: row.deadlineStatus,
    mayAdopt,
  };
  // docs/behaviour/roles.md: absent, not null, for a caller without VIEW_ONTIME_PERCENTAGE.
  if (mayOnTime) detail.percentOrderItemsFulfilled = await fulfilledShare(db, sectionId);
  return detail;
}

export async function sectionMaterialsOf(
  db: Db,
  session: Session,
  grants: Grants,
  sectionId: number,
  today: string,
): Promise<SectionMaterial[]> {
  const row = await viewableSection(db, session, grants, sectionId, today);
  const rows = await coveringMaterials(db, session.locationId, row);
  return rows.map(({ needsResponse, ...m }) => ({
    ...m,
    statusLabel: needsResponse ? SECTION_STATUS_LABELS.NEEDS_INFORMATION : null,
  }));
}

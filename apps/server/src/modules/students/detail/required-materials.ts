import { shortTermName, type RequiredMaterial } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import {
  isEnrolled,
  requiredMaterialRows,
  type RequiredMaterialRow,
} from './required-materials-repository.ts';

const NOT_ENROLLED = 'The student is not enrolled in this section';

/**
 * The rows a student's sections show, by the adoption screens' rule for no text required
 * (section-repository.ts listCourseSections): a section says "no text required" only when that
 * is all that covers it. So a section with materials lists its materials (its no-text-required
 * records are dropped), and a section with only no-text-required records gives one such row.
 * A title adopted twice for one section (its own adoption and the course's auto adoption) is
 * listed once, as required when either says so.
 */
export function sectionMaterials(rows: readonly RequiredMaterialRow[]): RequiredMaterialRow[] {
  const withText = new Set(rows.filter((r) => !r.noTextRequired).map((r) => r.sectionId));
  const ntrShown = new Set<number>();
  const byTitle = new Map<string, RequiredMaterialRow>();
  const out: RequiredMaterialRow[] = [];
  for (const row of rows) {
    if (row.noTextRequired) {
      if (withText.has(row.sectionId) || ntrShown.has(row.sectionId)) continue;
      ntrShown.add(row.sectionId);
      out.push(row);
      continue;
    }
    if (row.titleId === null) {
      out.push(row);
      continue;
    }
    const key = `${row.sectionId}:${row.titleId}`;
    const seen = byTitle.get(key);
    if (seen) {
      seen.required ||= row.required;
      continue;
    }
    const copy = { ...row };
    byTitle.set(key, copy);
    out.push(copy);
  }
  return out;
}

/**
 * The student's section materials (see sectionMaterials), current and upcoming; of `sections`
 * only when given (the sections within a scoped caller's scope, StudentScope).
 */
export async function studentSectionMaterials(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
  sections?: ReadonlySet<number>,
): Promise<RequiredMaterialRow[]> {
  const rows = await requiredMaterialRows(db, locationId, studentId, today);
  return sectionMaterials(sections ? rows.filter((r) => sections.has(r.sectionId)) : rows);
}

function toRequiredMaterial(row: RequiredMaterialRow): RequiredMaterial {
  const ntr = row.noTextRequired;
  return {
    sectionId: row.sectionId,
    courseCode: row.courseCode,
    courseName: row.courseName,
    sectionCode: row.sectionCode,
    termName: shortTermName(row.termName),
    divisionName: row.divisionName,
    startDate: row.startDate,
    endDate: row.endDate,
    adoptionMaterialId: ntr ? null : row.adoptionMaterialId,
    titleId: ntr ? null : row.titleId,
    isbn: ntr ? null : row.isbn,
    title: ntr ? null : row.title,
    author: ntr ? null : row.author,
    edition: ntr ? null : row.edition,
    required: ntr ? false : row.required,
    noTextRequired: ntr,
    owned:
      !ntr && row.ownedOrderId !== null
        ? {
            orderId: row.ownedOrderId,
            fulfillmentType: row.ownedFulfillmentType ?? '',
            status: row.ownedStatus ?? '',
          }
        : null,
  };
}

/**
 * student/requiredMaterials: the adopted materials of the student's sections that have not
 * ended (of `sections` when given: those within the caller's scope), by term start, course,
 * section and title, with what the student has of each. Or one section's, ended or not.
 */
export async function requiredMaterialsOf(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
  which: { sections: ReadonlySet<number> | undefined } | { sectionId: number; visible: boolean },
): Promise<RequiredMaterial[]> {
  if ('sections' in which) {
    const rows = await studentSectionMaterials(db, locationId, studentId, today, which.sections);
    return rows.map(toRequiredMaterial);
  }
  // One section, ended or not; 404 unless the section is one the caller may look the student
  // up through (inside their scope) and the student is enrolled in it, one answer for both so
  // a scoped caller cannot learn who is enrolled in sections outside their scope.
  const { sectionId, visible } = which;
  if (!visible || !(await isEnrolled(db, locationId, studentId, sectionId)))
    throw AppError.notFound(NOT_ENROLLED, 'sectionId');
  const rows = await requiredMaterialRows(db, locationId, studentId, today, sectionId);
  return sectionMaterials(rows).map(toRequiredMaterial);
}

import {
  shortTermName,
  type TextbookCourse,
  type TextbookDepartment,
  type TextbookMaterial,
  type TextbookTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import { priceCents } from '../../../lib/pricing.ts';
import {
  findDepartmentFigures,
  findDepartmentSections,
  findLtcThreshold,
  findRecentTerms,
  findStoreName,
  findTerm,
  type DepartmentFigureRow,
  type DepartmentSectionRow,
  type TextbookTermRow,
} from './repository.ts';
import { findOneSection, findSectionTerm } from './one-section-repository.ts';

export const TEXTBOOK_MESSAGES = {
  termNotFound: (id: number) => `There is no term ${id} in this store.`,
  departmentNotFound: (id: number) => `There is no department ${id} with sections in that term.`,
} as const;

export const presentTerm = (t: TextbookTermRow): TextbookTerm => ({
  ...t,
  termName: shortTermName(t.termName),
});

/** Whole percent, rounded down (an unanswered section never rounds a department up to 100). */
const percent = (answered: number, count: number) =>
  count === 0 ? 0 : Math.floor((answered * 100) / count);

export const presentDepartment = (d: DepartmentFigureRow): TextbookDepartment => ({
  ...d,
  completenessPercent: percent(d.sectionsAnswered, d.sectionCount),
});

/** A year before `now`'s day: terms that ended before it are left off the list. */
function aYearAgo(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()));
  return isoDay(day);
}

export async function textbookTerms(db: Db, locationId: number, now: Date) {
  const [storeName, terms] = await Promise.all([
    findStoreName(db, locationId),
    findRecentTerms(db, locationId, aYearAgo(now)),
  ]);
  return { storeName, terms: terms.map(presentTerm) };
}

/** The store's term, or a 404 naming termId (another store's term is as unknown). */
export async function requireTerm(
  db: Db,
  locationId: number,
  termId: number,
): Promise<TextbookTermRow> {
  const term = await findTerm(db, locationId, termId);
  if (!term) throw AppError.notFound(TEXTBOOK_MESSAGES.termNotFound(termId), 'termId');
  return term;
}

export async function textbookTerm(db: Db, locationId: number, termId: number) {
  const term = await requireTerm(db, locationId, termId);
  const [storeName, figures, ltcThresholdCents] = await Promise.all([
    findStoreName(db, locationId),
    findDepartmentFigures(db, locationId, termId),
    findLtcThreshold(db, locationId),
  ]);
  const sectionCount = figures.reduce((n, d) => n + d.sectionCount, 0);
  const sectionsAnswered = figures.reduce((n, d) => n + d.sectionsAnswered, 0);
  return {
    storeName,
    term: presentTerm(term),
    departments: figures.map(presentDepartment),
    sectionCount,
    sectionsAnswered,
    completenessPercent: percent(sectionsAnswered, sectionCount),
    ltcThresholdCents,
  };
}

export async function textbookDepartment(
  db: Db,
  locationId: number,
  termId: number,
  departmentId: number,
) {
  const [term, rows] = await Promise.all([
    requireTerm(db, locationId, termId),
    findDepartmentSections(db, locationId, termId, departmentId),
  ]);
  const [first] = rows;
  if (!first) {
    throw AppError.notFound(TEXTBOOK_MESSAGES.departmentNotFound(departmentId), 'departmentId');
  }
  const courses = groupCourses(rows);
  // Counted from the sections listed, in one read instead of a second over the term: a section
  // is answered when its status is not TBD, as findDepartmentFigures counts for the term
  // overview (list.test.ts checks that the two agree).
  const sections = courses.flatMap((c) => c.sections);
  const figures: DepartmentFigureRow = {
    departmentId,
    departmentCode: first.departmentCode,
    departmentName: first.departmentName,
    sectionCount: sections.length,
    sectionsAnswered: sections.filter((section) => section.status !== 'TBD').length,
  };
  return { term: presentTerm(term), department: presentDepartment(figures), courses };
}

/**
 * One section of the store as the public list shows it (its materials, prices, designation
 * and required cost), or null when the list does not show it: another store's section, or one
 * whose term ended more than a year ago (the list leaves such terms out).
 */
export async function textbookSection(db: Db, locationId: number, sectionId: number, now: Date) {
  const term = await findSectionTerm(db, locationId, sectionId);
  if (!term || term.endDate < aYearAgo(now)) return null;
  const [storeName, rows, ltcThresholdCents] = await Promise.all([
    findStoreName(db, locationId),
    findOneSection(db, locationId, sectionId),
    findLtcThreshold(db, locationId),
  ]);
  const [course] = groupCourses(rows);
  const section = course?.sections[0];
  if (!course || !section) return null;
  const { courseCode, courseName } = course;
  return { storeName, term: presentTerm(term), courseCode, courseName, section, ltcThresholdCents };
}

function pricesOf(listPriceCents: number | null): TextbookMaterial['prices'] {
  // A title without a list price (0, the column's default) has no price a student could pay.
  if (!listPriceCents) return null;
  return {
    newCents: priceCents(listPriceCents, 'BUY_NEW'),
    usedCents: priceCents(listPriceCents, 'BUY_USED'),
    rentNewCents: priceCents(listPriceCents, 'RENT_NEW'),
    rentUsedCents: priceCents(listPriceCents, 'RENT_USED'),
    digitalCents: priceCents(listPriceCents, 'DIGITAL'),
  };
}

function materialOf(r: DepartmentSectionRow): TextbookMaterial {
  const catalog = r.titleId !== null;
  return {
    isbn: catalog ? r.isbn : null,
    title: r.title ?? '',
    author: r.author ?? '',
    publisher: r.publisher ?? '',
    edition: r.edition ?? '',
    copyrightYear: catalog ? r.copyrightYear : null,
    required: r.required,
    prices: catalog ? pricesOf(r.listPriceCents) : null,
  };
}

/** The one thing a material is, whichever adoptions (course and section) name it. */
const materialKey = (r: DepartmentSectionRow) =>
  r.titleId !== null ? `t${r.titleId}` : `p${r.proposedTitleId}`;

/**
 * Rows (by course, section, then required first) as courses -> sections -> materials. A title
 * adopted for the course and for the section is listed once, required if either says so.
 */
export function groupCourses(rows: readonly DepartmentSectionRow[]): TextbookCourse[] {
  const courses: TextbookCourse[] = [];
  let course: TextbookCourse | undefined;
  let section: TextbookCourse['sections'][number] | undefined;
  let seen = new Map<string, TextbookMaterial>();
  let noText = false;
  const close = () => {
    if (section) {
      section.status =
        section.materials.length > 0 ? 'MATERIALS' : noText ? 'NO_TEXT_REQUIRED' : 'TBD';
    }
  };
  for (const r of rows) {
    if (!course || course.courseCode !== r.courseCode || course.courseName !== r.courseName) {
      course = { courseCode: r.courseCode, courseName: r.courseName, sections: [] };
      courses.push(course);
    }
    if (!section || section.sectionId !== r.sectionId) {
      close();
      section = {
        sectionId: r.sectionId,
        sectionCode: r.sectionCode,
        professors: r.professors,
        startDate: r.startDate,
        status: 'TBD',
        materials: [],
        designation: r.designation,
        requiredCostLowCents: r.requiredCostLowCents,
        requiredCostHighCents: r.requiredCostHighCents,
      };
      course.sections.push(section);
      seen = new Map();
      noText = false;
    }
    if (r.adoptionMaterialId === null) continue;
    if (r.noTextRequired) {
      noText = true;
      continue;
    }
    if (r.titleId === null && r.proposedTitleId === null) continue;
    const key = materialKey(r);
    const known = seen.get(key);
    if (known) {
      known.required ||= r.required;
      continue;
    }
    const material = materialOf(r);
    seen.set(key, material);
    section.materials.push(material);
  }
  close();
  return courses;
}

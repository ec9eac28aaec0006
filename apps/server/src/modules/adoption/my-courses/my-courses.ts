import {
  ADOPT_ACTIONS,
  DEADLINE_STATUSES,
  SECTION_ADOPTION_STATUSES,
  shortTermName,
  type DeadlineStatus,
  type MaterialChange,
  type MyCourse,
  type MyCourseSection,
  type PreviousTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { mayAdoptOnEach } from '../course-access.ts';
import { enrollmentChange, titleChanges } from '../material-changes/material-changes.ts';
import { ownProposals } from '../rollover/proposals.ts';
import { formatEan13 } from '../wizard/titles.ts';
import {
  OWN_SECTION_COLUMNS,
  listOwnSections,
  listPreviousAdoptions,
  listPreviousEnrollments,
  type OwnSectionRow,
  type PreviousAdoptionRow,
} from './my-courses-repository.ts';

const bool = (v: unknown) => v === true || v === 't';

/**
 * The caller's own sections of the terms not yet ended (optionally of one course): those they
 * teach, and those inside their adopt grants narrower than a division. A division or store-wide
 * grant (the course materials team's) is left out on purpose: it would make every section of
 * the division or store "theirs", so such holders see only what they teach. Each row is then
 * asked the adopt rule itself, so the page lists only sections the write accepts (a professor
 * record linked to an account that no longer holds INSTRUCTOR, say, lists nothing).
 */
export async function ownSections(
  db: Db,
  session: Session,
  grants: Grants,
  today: string,
  courseId?: number,
): Promise<OwnSectionRow[]> {
  const rows = await listOwnSections(db, {
    locationId: session.locationId,
    accountId: session.accountId,
    narrow: grants.narrowScopePredicate(ADOPT_ACTIONS, OWN_SECTION_COLUMNS),
    today,
    ...(courseId !== undefined && { courseId }),
  });
  const allowed = await mayAdoptOnEach(grants, rows);
  return rows.filter((_, i) => allowed[i]);
}

/** Nothing covers the section (SECTION_ADOPTION_STATUSES' first: outstanding). */
export const lacksAdoption = (row: Pick<OwnSectionRow, 'statusRank'>) =>
  Number(row.statusRank) === 0;

function presentSection(row: OwnSectionRow, changes: MaterialChange[]): MyCourseSection {
  const status = SECTION_ADOPTION_STATUSES[Number(row.statusRank)] ?? 'OUTSTANDING';
  const standing = DEADLINE_STATUSES.find((s) => s === row.deadlineStatus) ?? 'OPEN';
  const adoptedAt = row.adoptedAt === null ? null : new Date(row.adoptedAt).toISOString();
  return {
    sectionId: row.sectionId,
    sectionCode: row.sectionCode,
    termId: row.termId,
    termName: shortTermName(row.termName),
    startDate: row.startDate,
    endDate: row.endDate,
    adoptionStatus: status,
    deadline: row.deadline,
    deadlineStatus: standing as DeadlineStatus,
    adoptedAt,
    changes,
  };
}

/** The previous term of a course, with the adoptions "the same" repeats (one per material). */
export interface PreviousSource {
  termId: number;
  termName: string;
  noTextRequired: boolean;
  adoptions: PreviousAdoptionRow[];
}

/**
 * Each course's previous term: the most recent one before the first coming term in which one
 * of the caller's sections lacks an adoption (before the first listed term when none lacks),
 * whose sections had adoptions. Its materials, each once (the newest adoption of it gives the
 * answers); a no-text-required record counts only when the term had nothing else.
 */
export async function previousTerms(
  db: Db,
  locationId: number,
  sections: readonly OwnSectionRow[],
): Promise<Map<number, PreviousSource>> {
  const lacking = new Set(sections.filter(lacksAdoption).map((s) => s.courseId));
  const before = new Map<number, string>();
  for (const row of sections) {
    const current = before.get(row.courseId);
    if (lacking.has(row.courseId) && !lacksAdoption(row)) continue;
    if (current === undefined || row.termStart < current) before.set(row.courseId, row.termStart);
  }
  const wanted = [...before].map(([courseId, day]) => ({ courseId, before: day }));
  const found = new Map<number, PreviousSource>();
  for (const row of await listPreviousAdoptions(db, locationId, wanted)) {
    const source = found.get(row.courseId) ?? {
      termId: row.termId,
      termName: shortTermName(row.termName),
      noTextRequired: false,
      adoptions: [],
    };
    found.set(row.courseId, source);
    const key = (a: PreviousAdoptionRow) =>
      bool(a.noTextRequired)
        ? 'ntr'
        : a.titleId !== null
          ? `t${a.titleId}`
          : `p${a.proposedTitleId}`;
    if (!source.adoptions.some((a) => key(a) === key(row))) source.adoptions.push(row);
  }
  for (const source of found.values()) {
    const materials = source.adoptions.filter((a) => !bool(a.noTextRequired));
    source.noTextRequired = materials.length === 0;
    source.adoptions = materials.length > 0 ? materials : source.adoptions.slice(0, 1);
  }
  return found;
}

/**
 * ENROLLMENT_CHANGE by section id (issue 30, point 5): each section of a course with a previous
 * term against the section of the same code there, by the rule the rollover preview applies.
 */
async function enrollmentChanges(
  db: Db,
  locationId: number,
  sections: readonly OwnSectionRow[],
  previous: ReadonlyMap<number, PreviousSource>,
): Promise<Map<number, MaterialChange[]>> {
  const wanted = sections.flatMap((row) => {
    const source = previous.get(row.courseId);
    return source ? [{ sectionId: row.sectionId, previousTermId: source.termId }] : [];
  });
  const found = new Map<number, MaterialChange[]>();
  for (const pair of await listPreviousEnrollments(db, locationId, wanted)) {
    const change = enrollmentChange(Number(pair.before), Number(pair.after));
    if (change) found.set(pair.sectionId, [change]);
  }
  return found;
}

function presentPrevious(
  source: PreviousSource | undefined,
  changes: ReadonlyMap<number, MaterialChange[]>,
): PreviousTerm | null {
  if (!source) return null;
  return {
    termId: source.termId,
    termName: source.termName,
    noTextRequired: source.noTextRequired,
    materials: source.noTextRequired
      ? []
      : source.adoptions.map((a) => ({
          title: a.titleDescription ?? a.proposedDescription ?? '',
          isbn: a.ean13 === null ? null : formatEan13(a.ean13),
          author: a.titleAuthor ?? a.proposedAuthor ?? '',
          edition: a.titleEdition ?? a.proposedEdition ?? '',
          required: bool(a.required),
          proposed: a.titleId === null,
          changes: a.titleId === null ? [] : (changes.get(a.titleId) ?? []),
        })),
  };
}

/** getMyCourses: the caller's own sections by course, each course with its previous term. */
export async function myCourses(
  db: Db,
  session: Session,
  grants: Grants,
  today: string,
): Promise<MyCourse[]> {
  const rows = await ownSections(db, session, grants, today);
  const previous = await previousTerms(db, session.locationId, rows);
  // What changed since (issue 30, point 5): every catalog title "the same" would adopt, and
  // each section's enrollment against last time's.
  const [changes, enrollments] = await Promise.all([
    titleChanges(
      db,
      session.locationId,
      [...previous.values()].flatMap((p) => p.adoptions.flatMap((a) => a.titleId ?? [])),
    ),
    enrollmentChanges(db, session.locationId, rows, previous),
  ]);
  const proposals = await ownProposals(
    db,
    session.locationId,
    rows.map((r) => r.sectionId),
  );
  const courses = new Map<number, MyCourse>();
  for (const row of rows) {
    let course = courses.get(row.courseId);
    if (!course) {
      course = {
        courseId: row.courseId,
        divisionId: row.divisionId,
        divisionName: row.divisionName,
        departmentCode: row.departmentCode,
        courseCode: row.courseCode,
        courseName: row.courseName,
        sections: [],
        previous: presentPrevious(previous.get(row.courseId), changes),
        proposals: proposals.get(row.courseId) ?? [],
      };
      courses.set(row.courseId, course);
    }
    course.sections.push(presentSection(row, enrollments.get(row.sectionId) ?? []));
  }
  return [...courses.values()];
}

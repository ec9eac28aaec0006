import {
  earliestStartDate,
  sectionBlockedMessage,
  sectionBlockedReason,
  wholeCourseBlock,
  type AdoptionSection,
  type SelectionFlow,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Grants } from '../permissions/index.ts';
import { mayAdoptOnEach, type AccessibleCourse } from './course-access.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';
import type { SectionFigures } from './course-detail/section-repository.ts';
import { isoDay } from './course-detail/sections.ts';

/** May the caller adopt for the whole course (an auto adoption, which covers every section)? */
export function mayAdoptCourseWide(course: AccessibleCourse): boolean {
  return (
    course.courseActions.includes('ADOPT_CMA_TEAM') || course.courseActions.includes('ADOPT_COURSE')
  );
}

/**
 * Submitters (anyone without the course materials team's action on the course itself; a team
 * grant on one section is not enough) may ask for print only when the store allows it.
 */
export function checkPrintOnly(
  course: AccessibleCourse,
  printOnlyRequired: boolean,
  allowSubmittersToSelectPrintOnly: boolean,
): void {
  if (
    printOnlyRequired &&
    !course.courseActions.includes('ADOPT_CMA_TEAM') &&
    !allowSubmittersToSelectPrintOnly
  ) {
    throw AppError.forbidden(M.mayNotPrintOnly, 'adoptionMaterial.printOnlyRequired');
  }
}

/** Inclusive access names its publisher; without it there is none to keep. */
export function iaPublisherFor(ia: boolean, iapublisher: string | null | undefined): string | null {
  const publisher = iapublisher?.trim() ? iapublisher.trim() : null;
  if (ia && !publisher) throw AppError.badRequest(M.iaPublisherNeeded, 'iapublisher');
  return ia ? publisher : null;
}

/** docs/behaviour/validation.md#section-selection earliest start date, and an end that is not before the start. */
export function checkDates(
  startDate: string,
  expirationDate: string | null,
  earliest: string,
): void {
  if (startDate < earliest) {
    const field = 'adoptionMaterial.startDate';
    throw AppError.badRequest(`${field}: ${M.startTooEarly(earliest)}`, field);
  }
  if (expirationDate !== null && expirationDate < startDate) {
    const field = 'adoptionMaterial.expirationDate';
    throw AppError.badRequest(`${field}: ${M.endBeforeStart}`, field);
  }
}

/**
 * The earliest calendar day that is today somewhere (UTC-12): the store's time zone is not
 * known, and a start date of "today" typed in the evening in America must not be refused.
 */
export function dayAnywhere(now: Date): string {
  return isoDay(new Date(now.getTime() - 12 * 3_600_000));
}

/**
 * An auto adoption covers every open section: none may be marked no text required, and an
 * auto "no text required" needs sections with nothing adopted (the rule: wholeCourseBlock).
 */
export function checkWholeCourse(sections: readonly SectionFigures[], flow: SelectionFlow): void {
  const block = wholeCourseBlock(sections, flow);
  if (block) {
    throw AppError.badRequest(sectionBlockedMessage(block.section, block.reason), 'autoAdopt');
  }
}

export function earliestStart(
  sections: readonly SectionFigures[],
  flow: SelectionFlow,
  today: string,
): string {
  return earliestStartDate(sections as readonly AdoptionSection[], { today, flow });
}

/**
 * Checks sections chosen for an adoption: each a section of the course that has not ended,
 * one the caller may adopt for, and one the wizard lets them choose (docs/behaviour/validation.md: within the
 * 360-day "show all" horizon, no no-text-required adoption, and in the no-materials flow no
 * adopted material either).
 */
export async function checkChosenSections(
  grants: Grants,
  course: AccessibleCourse,
  sections: readonly SectionFigures[],
  chosen: readonly number[],
  flow: SelectionFlow,
  today: string,
): Promise<void> {
  const byId = new Map(sections.map((s) => [s.sectionId, s]));
  const unknown = chosen.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw AppError.badRequest(M.notASection(unknown), 'sectionIdList');
  await checkMayAdoptOn(grants, course, chosen);
  for (const id of chosen) {
    const section = byId.get(id)!;
    const reason = sectionBlockedReason(section, { today, showAll: true, flow });
    if (reason) {
      throw AppError.badRequest(sectionBlockedMessage(section, reason), 'sectionIdList');
    }
  }
}

/** Refuses (403) when the caller may not adopt for one of these sections of the course. */
export async function checkMayAdoptOn(
  grants: Grants,
  course: AccessibleCourse,
  sectionIds: readonly number[],
): Promise<void> {
  const allowed = await mayAdoptOnEach(
    grants,
    sectionIds.map((sectionId) => ({ ...course.ancestry, sectionId })),
  );
  if (allowed.some((yes) => !yes)) throw AppError.forbidden(M.mayNotChangeSection, 'sectionIdList');
}

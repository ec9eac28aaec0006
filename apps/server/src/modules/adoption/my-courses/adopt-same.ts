import {
  MY_COURSES_MESSAGES as M,
  shortTermName,
  type AdoptionMaterialDTO,
  type adoptSameAsLastTimeBody,
} from '@csp/contracts';
import { AppError, isAppError } from '@csp/http-kit';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import type { Session } from '../../../lib/session.ts';
import { takeMailAllowance, type MailAllowance } from '../../mail/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { checkPrintOnly, iaPublisherFor } from '../adoption-rules.ts';
import { accessibleCourse, type AccessibleCourse } from '../course-access.ts';
import { courseAdoption } from '../course-detail/materials.ts';
import { listCourseSections, type SectionFigures } from '../course-detail/section-repository.ts';
import { isoDay } from '../course-detail/sections.ts';
import { mailNewAdoption } from '../messages/notices.ts';
import { writeAdoption, type NewAdoptionAnswers } from '../wizard/write-adoption.ts';
import { lockCourse, storeAdoptionSettings } from '../wizard/write-repository.ts';
import { ownSections, previousTerms, type PreviousSource } from './my-courses.ts';
import { findBySubmitId, type PreviousAdoptionRow } from './my-courses-repository.ts';

type AdoptSameInput = z.output<typeof adoptSameAsLastTimeBody>;
type Settings = Awaited<ReturnType<typeof storeAdoptionSettings>>;

/**
 * A previous adoption's answers for the new one, as the wizard's "add from previous" starts
 * them: from `startDate`, no end date; print only and inclusive access only where the caller
 * may ask for them (print only: the team or a store that lets submitters; inclusive access:
 * with its publisher). The shared write checks every rule again.
 */
function answersFrom(
  prev: PreviousAdoptionRow,
  course: AccessibleCourse,
  settings: Settings,
  startDate: string,
): NewAdoptionAnswers {
  const base = { startDate, expirationDate: null, externalAdoptionNote: '' };
  if (prev.noTextRequired) {
    return {
      ...base,
      required: false,
      bindInComponentRequired: false,
      printOnlyRequired: false,
      flexibleOnEdition: false,
      ia: false,
      iapublisher: null,
      estimatedSectionEnrollment: null,
      noTextRequired: true,
    };
  }
  const team = course.courseActions.includes('ADOPT_CMA_TEAM');
  const printOnly = prev.printOnlyRequired && (team || settings.allowSubmittersToSelectPrintOnly);
  checkPrintOnly(course, printOnly, settings.allowSubmittersToSelectPrintOnly);
  const ia = prev.ia && Boolean(prev.iapublisher?.trim());
  return {
    ...base,
    required: prev.required,
    bindInComponentRequired: prev.bindInComponentRequired,
    printOnlyRequired: printOnly,
    flexibleOnEdition: prev.flexibleOnEdition,
    ia,
    iapublisher: iaPublisherFor(ia, prev.iapublisher),
    materialKind: prev.materialKind,
    estimatedSectionEnrollment: prev.estimatedSectionEnrollment,
    externalAdoptionNote: prev.externalAdoptionNote,
    noTextRequired: false,
  };
}

/** The chosen sections already covered by an adoption, read under the course's lock. */
function refuseAdopted(sections: readonly SectionFigures[], chosen: readonly number[]): void {
  const adopted = sections.filter((s) => chosen.includes(s.sectionId) && s.listingCount > 0);
  if (adopted.length > 0) {
    const labels = adopted.map((s) => `${s.sectionCode} (${shortTermName(s.termName)})`);
    throw AppError.conflict(M.alreadyAdopted(labels), 'sectionIds');
  }
}

/** The wizard's rules name its own field; here the sections are `sectionIds`. */
function asSectionIds(error: unknown): never {
  if (isAppError(error) && error.field === 'sectionIdList') {
    throw new AppError(error.statusCode, error.message, 'sectionIds');
  }
  throw error;
}

/** The adoptions a submit with this id made, presented; 409 when they are another course's. */
async function replayed(
  db: Db,
  session: Session,
  earlier: readonly { id: number; courseId: number }[],
  courseId: number,
): Promise<AdoptionMaterialDTO[]> {
  if (earlier.some((e) => e.courseId !== courseId)) {
    throw AppError.conflict(M.requestIdUsed, 'requestId');
  }
  return Promise.all(earlier.map((e) => courseAdoption(db, session.locationId, courseId, e.id)));
}

/** The previous term "the same" repeats, for the caller's own sections of the course. */
async function previousOf(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  courseId: number,
  sectionIds: readonly number[],
  today: string,
): Promise<{ source: PreviousSource; start: string }> {
  const own = await ownSections(deps.db, session, grants, today, courseId);
  const ownIds = new Set(own.map((s) => s.sectionId));
  const notYours = sectionIds.filter((id) => !ownIds.has(id));
  if (notYours.length > 0) throw AppError.badRequest(M.notYours(notYours), 'sectionIds');
  const source = (await previousTerms(deps.db, session.locationId, own)).get(courseId);
  if (!source) throw AppError.conflict(M.noPrevious, 'courseCode');
  const firstStart = own
    .filter((s) => sectionIds.includes(s.sectionId))
    .map((s) => s.startDate)
    .sort()[0];
  // From the first chosen section's start, or today when it is under way.
  const start = firstStart !== undefined && firstStart > today ? firstStart : today;
  return { source, start };
}

/**
 * adoptSameAsLastTime: adopts, for the chosen sections of the course (each the caller's own and
 * without an adoption), the previous term's materials, one adoption per material, through the
 * wizard's write (ADR 0012) in one transaction under the course's lock. A submit repeated with
 * the same requestId answers what the first one created; without one, the second finds the
 * sections adopted (409) and creates nothing.
 */
export async function adoptSameAsLastTime(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: AdoptSameInput,
): Promise<{ created: AdoptionMaterialDTO[]; sectionIds: number[] }> {
  const { db } = deps;
  const { divisionId, departmentCode, courseCode } = input;
  const params = { userAccountId: session.accountId, divisionId, departmentCode, courseCode };
  const course = await accessibleCourse(db, session, grants, params);
  const courseId = course.ancestry.courseId;
  const sectionIds = [...new Set(input.sectionIds)];
  const submitId = input.requestId;
  const earlier = submitId ? await findBySubmitId(db, session.accountId, submitId) : [];
  if (earlier.length > 0) {
    return { created: await replayed(db, session, earlier, courseId), sectionIds };
  }
  const now = deps.now();
  const today = isoDay(now);
  const { source, start } = await previousOf(deps, session, grants, courseId, sectionIds, today);
  const settings = await storeAdoptionSettings(db, session.locationId);
  const writes = source.adoptions.map((prev) => ({
    prev,
    answers: answersFrom(prev, course, settings, start),
  }));
  // A submitter's adoptions are e-mailed to the team, each as the wizard's: each counts.
  const mailed = !course.courseActions.includes('ADOPT_CMA_TEAM');
  const allowances: MailAllowance[] = [];
  const refund = async () => {
    for (const a of allowances) await a.refund();
  };
  try {
    if (mailed) {
      for (let n = 0; n < writes.length; n++) {
        allowances.push(await takeMailAllowance(deps.throttle, 'adoptionNotice', session));
      }
    }
  } catch (error) {
    await refund();
    throw error;
  }
  const created = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await lockCourse(txDb, courseId);
      if (submitId) {
        const prior = await findBySubmitId(txDb, session.accountId, submitId);
        if (prior.length > 0) return { ids: prior.map((p) => p.id), isNew: false };
      }
      // Read under the course's lock: a section adopted meanwhile (a second tab) is refused.
      const sections = await listCourseSections(txDb, session.locationId, courseId, today);
      refuseAdopted(sections, sectionIds);
      const ids: number[] = [];
      for (const [index, { prev, answers }] of writes.entries()) {
        const id = await writeAdoption(txDb, {
          session,
          grants,
          course,
          sections,
          material: {
            titleId: prev.titleId,
            proposedTitleId: prev.titleId === null ? prev.proposedTitleId : null,
          },
          autoAdopt: false,
          sectionIds,
          answers,
          requestId: submitId ? `${submitId}:${index + 1}` : null,
          message: null,
          now,
        }).catch(asSectionIds);
        ids.push(id);
      }
      return { ids, isNew: true };
    })
    .catch(async (error: unknown) => {
      await refund();
      // The same submit id sent for another course at the same moment (a client bug).
      if (isUniqueViolation(error)) throw AppError.conflict(M.requestIdUsed, 'requestId');
      throw error;
    });
  if (!created.isNew) await refund();
  const adoptions = await Promise.all(
    created.ids.map((id) => courseAdoption(db, session.locationId, courseId, id)),
  );
  if (created.isNew && mailed) {
    const label = `${departmentCode} ${courseCode}`;
    for (const adoption of adoptions) {
      mailNewAdoption(deps, session, { label }, adoption, settings, null);
    }
  }
  return { created: adoptions, sectionIds };
}

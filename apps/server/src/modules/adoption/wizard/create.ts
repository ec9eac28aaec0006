import {
  storedMaterialKind,
  type AdoptionMaterialDTO,
  type MaterialKind,
  type createAdoptionBody,
} from '@csp/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { takeMailAllowance } from '../../mail/index.ts';
import { mailNewAdoption } from '../messages/notices.ts';
import { checkPrintOnly, iaPublisherFor, mayAdoptCourseWide } from '../adoption-rules.ts';
import {
  findByRequestId,
  lockCourse,
  storeAdoptionSettings,
  type MaterialRef,
} from './write-repository.ts';
import { writeAdoption } from './write-adoption.ts';
import { accessibleCourse } from '../course-access.ts';
import { courseAdoption } from '../course-detail/materials.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { listCourseSections } from '../course-detail/section-repository.ts';
import { isoDay } from '../course-detail/sections.ts';
import { findProposedTitle, findTitle } from './title-repository.ts';

type CreateAdoptionInput = z.output<typeof createAdoptionBody>;

/**
 * The material of a new adoption: one title or proposed title, or neither for NTR; with the
 * kind to store (null: the title's own, issue 31).
 */
async function materialOf(
  db: Db,
  locationId: number,
  m: CreateAdoptionInput['adoptionMaterial'],
): Promise<{ material: MaterialRef; materialKind: MaterialKind | null }> {
  const titleId = m.titleId ?? null;
  const proposedTitleId = m.adoptionProposedTitleId ?? null;
  const count = (titleId === null ? 0 : 1) + (proposedTitleId === null ? 0 : 1);
  if (m.noTextRequired ? count !== 0 : count !== 1) {
    throw AppError.badRequest(M.chooseOneMaterial, 'adoptionMaterial');
  }
  if (m.noTextRequired && m.materialKind !== undefined) {
    throw AppError.badRequest(M.noKindWithoutMaterial, 'adoptionMaterial.materialKind');
  }
  const title = titleId === null ? undefined : await findTitle(db, locationId, titleId);
  if (titleId !== null && !title) {
    throw AppError.notFound(M.titleNotFound, 'adoptionMaterial.titleId');
  }
  if (proposedTitleId !== null && !(await findProposedTitle(db, locationId, proposedTitleId))) {
    throw AppError.notFound(M.proposedTitleNotFound, 'adoptionMaterial.adoptionProposedTitleId');
  }
  const materialKind =
    m.materialKind === undefined
      ? null
      : storedMaterialKind(m.materialKind, m.ia ?? false, title?.materialKind ?? null);
  return { material: { titleId, proposedTitleId }, materialKind };
}

/** Where the rule lives now (the one write every new adoption goes through). */
export { refuseDuplicates } from './write-adoption.ts';

/** A request id already used: its adoption, if it was for this course. */
async function replayed(
  db: Db,
  session: Session,
  earlier: { id: number; courseId: number },
  courseId: number,
): Promise<AdoptionMaterialDTO> {
  if (earlier.courseId !== courseId) throw AppError.conflict(M.requestIdUsed, 'requestId');
  return courseAdoption(db, session.locationId, earlier.courseId, earlier.id);
}

/**
 * docs/behaviour/calls.md#adoption-base createAdoption: adopts a title, a proposed title, or "no text required", for the
 * chosen sections or (autoAdopt) for the whole course. Every rule is checked here, whatever
 * the wizard showed; the adoption, its sections, its history entry and its first message are
 * written in one transaction under the course's lock. A submit repeated with the same
 * requestId answers the adoption the first one made.
 */
export async function createAdoptionFor(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: CreateAdoptionInput,
): Promise<AdoptionMaterialDTO> {
  const { db } = deps;
  const course = await accessibleCourse(db, session, grants, {
    userAccountId: session.accountId,
    ...input.adoptionCatalog,
  });
  const courseId = course.ancestry.courseId;
  const earlier = input.requestId
    ? await findByRequestId(db, session.accountId, input.requestId)
    : null;
  if (earlier) return replayed(db, session, earlier, courseId);

  const m = input.adoptionMaterial;
  const { material, materialKind } = await materialOf(db, session.locationId, m);
  const now = deps.now();
  const today = isoDay(now);
  const sectionIds = [...new Set(input.sectionIdList)];
  if (input.autoAdopt) {
    if (!mayAdoptCourseWide(course)) throw AppError.forbidden(M.mayNotAutoAdopt, 'autoAdopt');
    if (sectionIds.length > 0) {
      throw AppError.badRequest(M.noSectionsForAutoAdoption, 'sectionIdList');
    }
  } else if (sectionIds.length === 0) {
    throw AppError.badRequest(M.chooseSections, 'sectionIdList');
  }
  const settings = await storeAdoptionSettings(db, session.locationId);
  const answers = m.noTextRequired
    ? { required: false, bindInComponentRequired: false, printOnlyRequired: false }
    : {
        required: m.required ?? true,
        bindInComponentRequired: m.bindInComponentRequired ?? false,
        printOnlyRequired: m.printOnlyRequired ?? false,
      };
  checkPrintOnly(course, answers.printOnlyRequired, settings.allowSubmittersToSelectPrintOnly);
  const ia = !m.noTextRequired && (m.ia ?? false);
  const iapublisher = iaPublisherFor(ia, input.iapublisher);
  const expirationDate = m.expirationDate ?? null;
  // A submitter's adoption is e-mailed to the team: it counts against the hourly mail limits.
  const mailed = !course.courseActions.includes('ADOPT_CMA_TEAM');
  const allowance = mailed
    ? await takeMailAllowance(deps.throttle, 'adoptionNotice', session)
    : { refund: async () => undefined };

  const created = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await lockCourse(txDb, courseId);
      if (input.requestId) {
        const prior = await findByRequestId(txDb, session.accountId, input.requestId);
        if (prior) return { id: prior.id, isNew: false };
      }
      // Read under the course's lock: what the sections already have decides what may be added.
      const sections = await listCourseSections(txDb, session.locationId, courseId, today);
      const id = await writeAdoption(txDb, {
        session,
        grants,
        course,
        sections,
        material,
        autoAdopt: input.autoAdopt,
        sectionIds,
        answers: {
          ...answers,
          startDate: m.startDate,
          expirationDate,
          flexibleOnEdition: !m.noTextRequired && (m.flexibleOnEdition ?? false),
          ia,
          iapublisher,
          estimatedSectionEnrollment: m.noTextRequired
            ? null
            : (m.estimatedSectionEnrollment ?? null),
          externalAdoptionNote: m.externalAdoptionNote ?? '',
          noTextRequired: m.noTextRequired,
          materialKind,
        },
        requestId: input.requestId ?? null,
        message: input.message ?? null,
        now,
      });
      return { id, isNew: true };
    })
    .catch(async (error: unknown) => {
      await allowance.refund();
      // The same request id sent for another course at the same moment (a client bug).
      if (isUniqueViolation(error)) throw AppError.conflict(M.requestIdUsed, 'requestId');
      throw error;
    });
  if (!created.isNew) await allowance.refund();
  const adoption = await courseAdoption(db, session.locationId, courseId, created.id);
  if (created.isNew && mailed) {
    const { departmentCode, courseCode } = input.adoptionCatalog;
    const label = `${departmentCode} ${courseCode}`;
    mailNewAdoption(deps, session, { label }, adoption, settings, input.message ?? null);
  }
  return adoption;
}

import { ADOPTION_TYPE } from '@csp/contracts';
import {
  effectiveMaterialKind,
  noTextRequiredAnswers,
  storedMaterialKind,
  type AdoptionMaterialDTO,
  type MaterialKind,
  type modifyAdoptionBody,
} from '@csp/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { adoptionAndCourse } from '../adoption-reach.ts';
import { insertActivity } from '../course-detail/activity-repository.ts';
import { refuseDuplicates } from './create.ts';
import {
  checkChosenSections,
  checkDates,
  checkMayAdoptOn,
  checkPrintOnly,
  dayAnywhere,
  earliestStart,
  iaPublisherFor,
  mayAdoptCourseWide,
} from '../adoption-rules.ts';
import {
  linkSections,
  storeAdoptionSettings,
  unlinkSections,
  updateAdoption,
  type AdoptionRow,
} from './write-repository.ts';
import { changeLockedAdoption } from './locked-change.ts';
import { mayAdoptOnEach, type AccessibleCourse } from '../course-access.ts';
import { courseAdoption } from '../course-detail/materials.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { listCourseSections } from '../course-detail/section-repository.ts';
import { isoDay } from '../course-detail/sections.ts';
import { findTitle } from './title-repository.ts';

type ModifyAdoptionInput = z.output<typeof modifyAdoptionBody>;

const ANSWER_FIELDS = [
  'required',
  'bindInComponentRequired',
  'printOnlyRequired',
  'flexibleOnEdition',
  'ia',
  'iapublisher',
  'estimatedSectionEnrollment',
  'externalAdoptionNote',
  'startDate',
  'expirationDate',
] as const;
type AnswerField = (typeof ANSWER_FIELDS)[number];

/** The course of an adoption the caller works on, with what they may do there (404 if none). */
export async function adoptionWithCourse(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<AccessibleCourse> {
  return (await adoptionAndCourse(db, session, grants, adoptionMaterialId)).course;
}

/**
 * The fields the request sets, merged over the stored ones (docs/behaviour/validation.md#adoption-form clear-expiration flag). A
 * no-text-required record keeps its fixed answers: it has no material to ask about.
 */
function mergedAnswers(row: AdoptionRow, input: ModifyAdoptionInput) {
  const given = row.noTextRequired
    ? { ...input.adoptionMaterial, ...noTextRequiredAnswers, ia: false }
    : input.adoptionMaterial;
  const merged: Pick<AdoptionRow, AnswerField> = {
    required: given.required ?? row.required,
    bindInComponentRequired: given.bindInComponentRequired ?? row.bindInComponentRequired,
    printOnlyRequired: given.printOnlyRequired ?? row.printOnlyRequired,
    flexibleOnEdition: given.flexibleOnEdition ?? row.flexibleOnEdition,
    ia: given.ia ?? row.ia,
    iapublisher:
      row.noTextRequired || input.iapublisher === undefined ? row.iapublisher : input.iapublisher,
    estimatedSectionEnrollment:
      given.estimatedSectionEnrollment === undefined
        ? row.estimatedSectionEnrollment
        : given.estimatedSectionEnrollment,
    externalAdoptionNote: given.externalAdoptionNote ?? row.externalAdoptionNote,
    startDate: given.startDate ?? row.startDate,
    expirationDate: input.clearExpirationDate
      ? null
      : given.expirationDate === undefined
        ? row.expirationDate
        : given.expirationDate,
  };
  merged.iapublisher = iaPublisherFor(merged.ia, merged.iapublisher);
  return merged;
}

/**
 * The kind change a request asks for (issue 31), or null when it asks none or the kind stays:
 * what to store (null: the title's own) and, for the history, the kind before and after. A
 * no-text-required record has no material, so no kind, as it has no other answers.
 */
async function kindChange(
  db: Db,
  locationId: number,
  row: AdoptionRow,
  chosen: MaterialKind | undefined,
  ia: boolean,
): Promise<{ stored: MaterialKind | null; before: MaterialKind; after: MaterialKind } | null> {
  if (chosen === undefined || row.noTextRequired) return null;
  const title = row.titleId === null ? undefined : await findTitle(db, locationId, row.titleId);
  const titleKind = title?.materialKind ?? null;
  // Weighed against the "Inclusive access?" answer the adoption will have after this request.
  const stored = storedMaterialKind(chosen, ia, titleKind);
  if (stored === row.materialKind) return null;
  return {
    stored,
    before: effectiveMaterialKind(row.materialKind, row.ia, titleKind),
    after: chosen,
  };
}

/**
 * May the caller change this adoption? An auto adoption, or one left on no section, is the
 * course-wide adopters'; a section adoption needs every section it covers (an instructor may
 * not change what another instructor's section uses).
 */
async function checkMayChange(
  grants: Grants,
  course: AccessibleCourse,
  row: AdoptionRow,
  sectionIds: readonly number[],
): Promise<void> {
  if (row.adoptionType === ADOPTION_TYPE.AUTO || sectionIds.length === 0) {
    if (!mayAdoptCourseWide(course)) throw AppError.forbidden(M.mayNotChangeCourse);
    return;
  }
  const rows = sectionIds.map((sectionId) => ({ ...course.ancestry, sectionId }));
  if (!(await mayAdoptOnEach(grants, rows)).every(Boolean)) {
    throw AppError.forbidden(M.mayNotChangeShared);
  }
}

/**
 * docs/behaviour/calls.md#adoption-base modifyAdoption: changes an active adoption's answers, dates and (for a section
 * adoption) sections, under the course's lock (the duplicate and section rules read other
 * adoptions of the course). A request that changes nothing records nothing, so a retry is
 * harmless.
 */
export async function modifyAdoptionFor(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: ModifyAdoptionInput,
): Promise<AdoptionMaterialDTO> {
  const { db } = deps;
  const id = input.adoptionMaterial.adoptionMaterialId;
  const course = await adoptionWithCourse(db, session, grants, id);
  const settings = await storeAdoptionSettings(db, session.locationId);
  const now = deps.now();
  const today = isoDay(now);

  await changeLockedAdoption(db, course.ancestry.courseId, id, async (txDb, current) => {
    const { row } = current;
    if (!row.active) throw AppError.conflict(M.adoptionEnded, 'adoptionMaterialId');
    const isAuto = row.adoptionType === ADOPTION_TYPE.AUTO;
    await checkMayChange(grants, course, row, current.sectionIds);
    const courseSections = await listCourseSections(
      txDb,
      session.locationId,
      course.ancestry.courseId,
      today,
    );
    // The rules about other adoptions must not count this one (its own no-text-required mark).
    const sections = courseSections.map((s) =>
      current.sectionIds.includes(s.sectionId) && row.noTextRequired
        ? { ...s, sectionHasNTRAdoption: false }
        : s,
    );

    const merged = mergedAnswers(row, input);
    if (merged.printOnlyRequired && !row.printOnlyRequired) {
      checkPrintOnly(course, true, settings.allowSubmittersToSelectPrintOnly);
    }
    const flow = row.noTextRequired ? 'noMaterials' : 'material';
    // A start date already stored (it may be past) stands; a new one follows docs/behaviour/validation.md.
    const earliest =
      merged.startDate === row.startDate
        ? row.startDate
        : earliestStart(sections, flow, dayAnywhere(now));
    checkDates(merged.startDate, merged.expirationDate, earliest);

    const wanted = input.sectionIdList === undefined ? null : [...new Set(input.sectionIdList)];
    if (isAuto && wanted !== null && wanted.length > 0) {
      throw AppError.badRequest(M.sectionsOfAutoAdoption, 'sectionIdList');
    }
    const added = wanted ? wanted.filter((s) => !current.sectionIds.includes(s)) : [];
    const removed = wanted ? current.sectionIds.filter((s) => !wanted.includes(s)) : [];
    if (!isAuto && wanted !== null && wanted.length === 0) {
      throw AppError.badRequest(M.chooseSections, 'sectionIdList');
    }
    if (added.length > 0) await checkChosenSections(grants, course, sections, added, flow, today);
    if (removed.length > 0) await checkMayAdoptOn(grants, course, removed);
    if (added.length > 0) {
      const material = { titleId: row.titleId, proposedTitleId: row.proposedTitleId };
      await refuseDuplicates(txDb, course, material, false, added, row.id);
    }

    const changed = ANSWER_FIELDS.filter((f) => merged[f] !== row[f]);
    const kind = await kindChange(
      txDb,
      session.locationId,
      row,
      input.adoptionMaterial.materialKind,
      merged.ia,
    );
    if (changed.length === 0 && !kind && added.length === 0 && removed.length === 0) return;
    // A rollover's proposal changed on the course page is answered: it leaves the unconfirmed list.
    const answered =
      row.source === 'ROLLOVER' && row.confirmedAt === null
        ? { confirmedAt: now, confirmedBy: session.accountId }
        : {};
    const kindSet = kind ? { materialKind: kind.stored } : {};
    await updateAdoption(txDb, id, { ...merged, ...kindSet, ...answered, updatedAt: now });
    await linkSections(txDb, id, added);
    await unlinkSections(txDb, id, removed);
    const pick = (source: Pick<AdoptionRow, AnswerField>) =>
      Object.fromEntries(changed.map((f) => [f, source[f]]));
    const sectionsChanged = added.length > 0 || removed.length > 0;
    // The history shows kinds as the screens do: the effective kind, not the stored override.
    // A kind stored as a choice that the adoption had already (a proposed title's commercial
    // print) changes what it shows nowhere: nothing to show in the history.
    const kindShown = kind !== null && kind.before !== kind.after;
    const kindBefore = kindShown ? { materialKind: kind.before } : {};
    const kindAfter = kindShown ? { materialKind: kind.after } : {};
    if (changed.length === 0 && !kindShown && !sectionsChanged) return;
    await insertActivity(txDb, {
      locationId: session.locationId,
      adoptionMaterialId: id,
      actorAccountId: session.accountId,
      action: 'MODIFIED',
      at: now,
      details: {
        before: {
          ...pick(row),
          ...kindBefore,
          ...(sectionsChanged ? { sectionIdList: current.sectionIds } : {}),
        },
        after: {
          ...pick(merged),
          ...kindAfter,
          ...(sectionsChanged ? { sectionIdList: wanted } : {}),
        },
      },
    });
  });
  return courseAdoption(db, session.locationId, course.ancestry.courseId, id);
}

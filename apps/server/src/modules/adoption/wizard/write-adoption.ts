import {
  ADOPTION_EXISTS_MESSAGE,
  ADOPTION_TYPE,
  type MaterialKind,
  type SelectionFlow,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { insertActivity } from '../course-detail/activity-repository.ts';
import type { SectionFigures } from '../course-detail/section-repository.ts';
import {
  checkChosenSections,
  checkDates,
  checkWholeCourse,
  dayAnywhere,
  earliestStart,
} from '../adoption-rules.ts';
import type { AccessibleCourse } from '../course-access.ts';
import { isoDay } from '../course-detail/sections.ts';
import {
  existingAdoptionsOf,
  hasSectionAdoptionOf,
  insertAdoption,
  linkSections,
  type MaterialRef,
} from './write-repository.ts';

/** docs/behaviour/messages.md: the title is already on an auto adoption (field autoAdopt) or on a chosen section. */
export async function refuseDuplicates(
  db: Db,
  course: AccessibleCourse,
  material: MaterialRef,
  autoAdopt: boolean,
  sectionIds: readonly number[],
  exceptId: number | null,
): Promise<void> {
  if (material.titleId === null && material.proposedTitleId === null) return;
  const courseId = course.ancestry.courseId;
  const existing = await existingAdoptionsOf(db, courseId, material, sectionIds, exceptId);
  if (existing.onAutoAdoption) throw AppError.conflict(ADOPTION_EXISTS_MESSAGE, 'autoAdopt');
  const onSections = autoAdopt
    ? await hasSectionAdoptionOf(db, courseId, material)
    : existing.onSections.length > 0;
  if (onSections) throw AppError.conflict(ADOPTION_EXISTS_MESSAGE, 'sectionIdList');
}

/** The stored answers of a new adoption (what the questions page sets, or "no text required"). */
export interface NewAdoptionAnswers {
  required: boolean;
  bindInComponentRequired: boolean;
  printOnlyRequired: boolean;
  flexibleOnEdition: boolean;
  ia: boolean;
  iapublisher: string | null;
  estimatedSectionEnrollment: number | null;
  externalAdoptionNote: string;
  noTextRequired: boolean;
  startDate: string;
  expirationDate: string | null;
  /** The kind the adopter chose when not the title's (issue 31); left out or null: the title's. */
  materialKind?: MaterialKind | null;
}

/** One adoption to write, its material and answers already checked on their own. */
export interface AdoptionWrite {
  session: Session;
  grants: Grants;
  course: AccessibleCourse;
  /** The course's sections as read under its lock (listCourseSections). */
  sections: readonly SectionFigures[];
  material: MaterialRef;
  autoAdopt: boolean;
  sectionIds: readonly number[];
  answers: NewAdoptionAnswers;
  requestId: string | null;
  message: string | null;
  now: Date;
}

/**
 * The one write of a new adoption (ADR 0012), inside the caller's transaction and after the
 * course's lock (lockCourse): the rules that read the course's other adoptions and sections,
 * then the adoption, its sections and its history entries. createAdoption and My courses'
 * "Adopt the same as last time" both write through here. Answers the new adoption's id.
 */
export async function writeAdoption(tx: Db, w: AdoptionWrite): Promise<number> {
  const { session, course, answers } = w;
  const flow: SelectionFlow = answers.noTextRequired ? 'noMaterials' : 'material';
  const today = isoDay(w.now);
  if (w.autoAdopt) checkWholeCourse(w.sections, flow);
  else await checkChosenSections(w.grants, course, w.sections, w.sectionIds, flow, today);
  checkDates(
    answers.startDate,
    answers.expirationDate,
    earliestStart(w.sections, flow, dayAnywhere(w.now)),
  );
  await refuseDuplicates(tx, course, w.material, w.autoAdopt, w.sectionIds, null);
  const row = await insertAdoption(tx, {
    locationId: session.locationId,
    courseId: course.ancestry.courseId,
    titleId: w.material.titleId,
    proposedTitleId: w.material.proposedTitleId,
    adoptionType: w.autoAdopt ? ADOPTION_TYPE.AUTO : ADOPTION_TYPE.SECTION,
    ...answers,
    createdBy: session.accountId,
    requestId: w.requestId,
    createdAt: w.now,
    updatedAt: w.now,
  });
  if (!w.autoAdopt) await linkSections(tx, row.id, w.sectionIds);
  const base = { locationId: session.locationId, adoptionMaterialId: row.id, at: w.now };
  await insertActivity(tx, {
    ...base,
    actorAccountId: session.accountId,
    action: 'CREATED',
    details: {
      after: {
        adoptionType: row.adoptionType,
        sectionIdList: [...w.sectionIds],
        // A kind chosen other than the title's (issue 31) is part of what was adopted.
        ...(row.materialKind ? { materialKind: row.materialKind } : {}),
      },
    },
  });
  if (w.message) {
    await insertActivity(tx, {
      ...base,
      actorAccountId: session.accountId,
      action: 'MESSAGE_POSTED',
      details: { message: w.message, notifySubmitter: false, ccEmailList: [] },
    });
  }
  return row.id;
}

import { ADOPTION_TYPE } from '@csp/contracts';
import { ADOPTION_ACTIVITY_ACTIONS, type AdoptionHistoryItem } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import {
  deactivateAdoption,
  insertActivity,
  listHistory,
  lockSectionLink,
  setSectionRemoved,
  type FoundAdoption,
  type HistoryRow,
} from './activity-repository.ts';
import { refuseDuplicates } from '../wizard/create.ts';
import { accessibleAdoption, adoptionAndCourse } from '../adoption-reach.ts';
import { checkChosenSections } from '../adoption-rules.ts';
import { lockCourse } from '../wizard/write-repository.ts';
import { mayAdoptOnEach, type AccessibleCourse } from '../course-access.ts';
import { listCourseSections } from './section-repository.ts';
import { isoDay } from './sections.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

export function presentHistory(row: HistoryRow): AdoptionHistoryItem {
  const details = record(row.details) ?? {};
  const labels: Record<string, string> = ADOPTION_ACTIVITY_ACTIONS;
  return {
    id: row.id,
    action: row.action,
    label: labels[row.action] ?? row.action,
    at: row.at.toISOString(),
    actor:
      row.actorUserName === null
        ? null
        : { userName: row.actorUserName, name: row.actorName ?? row.actorUserName },
    message: typeof details['message'] === 'string' ? details['message'] : null,
    notifySubmitter:
      typeof details['notifySubmitter'] === 'boolean' ? details['notifySubmitter'] : null,
    ccEmailList: Array.isArray(details['ccEmailList'])
      ? details['ccEmailList'].filter((e): e is string => typeof e === 'string')
      : [],
    before: record(details['before']),
    after: record(details['after']),
  };
}

export async function adoptionHistory(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<AdoptionHistoryItem[]> {
  await accessibleAdoption(db, session, grants, adoptionMaterialId);
  return (await listHistory(db, adoptionMaterialId)).map(presentHistory);
}

/**
 * Removes a section adoption from one section, or puts it back. The caller must be allowed to
 * adopt for that very section. Setting what is already set changes and records nothing.
 */
export async function changeSectionLink(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: { adoptionMaterialId: number; sectionId: number; remove: boolean },
) {
  const { db } = deps;
  const { adoption, course } = await adoptionAndCourse(
    db,
    session,
    grants,
    input.adoptionMaterialId,
  );
  const section = {
    divisionId: adoption.divisionId,
    departmentId: adoption.departmentId,
    courseId: adoption.courseId,
    sectionId: input.sectionId,
  };
  const [allowed] = await mayAdoptOnEach(grants, [section]);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Putting it back reads the course's other adoptions: under the course's lock.
    if (!input.remove) await lockCourse(txDb, adoption.courseId);
    const link = await lockSectionLink(txDb, adoption.id, input.sectionId);
    if (!link) throw AppError.notFound(M.notOnSection, 'sectionId');
    if (!allowed) throw AppError.forbidden(M.mayNotChangeSection, 'sectionId');
    if (link.removed === input.remove) return;
    if (!input.remove) {
      await checkPutBack(txDb, session, grants, adoption, course, input.sectionId, now);
    }
    await setSectionRemoved(txDb, adoption.id, input.sectionId, input.remove);
    await insertActivity(txDb, {
      locationId: session.locationId,
      adoptionMaterialId: adoption.id,
      actorAccountId: session.accountId,
      action: input.remove ? 'REMOVED_FROM_SECTION' : 'MODIFIED',
      at: now,
      details: {
        before: { sectionId: input.sectionId, removed: link.removed },
        after: { sectionId: input.sectionId, removed: input.remove },
      },
    });
  });
  return { adoptionMaterialId: adoption.id, sectionId: input.sectionId, removed: input.remove };
}

/**
 * An adoption goes back on a section only where it could be adopted now: the section still
 * selectable (docs/behaviour/validation.md) and the title not adopted there another way.
 */
async function checkPutBack(
  db: Db,
  session: Session,
  grants: Grants,
  adoption: FoundAdoption,
  course: AccessibleCourse,
  sectionId: number,
  now: Date,
): Promise<void> {
  const today = isoDay(now);
  const sections = await listCourseSections(db, session.locationId, adoption.courseId, today);
  const flow = adoption.noTextRequired ? 'noMaterials' : 'material';
  await checkChosenSections(grants, course, sections, [sectionId], flow, today);
  const material = { titleId: adoption.titleId, proposedTitleId: adoption.proposedTitleId };
  await refuseDuplicates(db, course, material, false, [sectionId], adoption.id);
}

/**
 * Ends a course (auto) adoption of a proposed title. It applies to every section, so the caller
 * must be allowed to adopt on the course itself. Ending an ended one changes nothing.
 */
export async function removeProposedAutoAdoption(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
) {
  const { db } = deps;
  const adoption = await accessibleAdoption(db, session, grants, adoptionMaterialId);
  if (adoption.adoptionType !== ADOPTION_TYPE.AUTO || adoption.proposedTitleId === null) {
    throw AppError.badRequest(M.notProposedAutoAdoption, 'adoptionMaterialId');
  }
  const course = {
    divisionId: adoption.divisionId,
    departmentId: adoption.departmentId,
    courseId: adoption.courseId,
    sectionId: null,
  };
  const [allowed] = await mayAdoptOnEach(grants, [course]);
  if (!allowed) throw AppError.forbidden(M.mayNotChangeCourse);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await deactivateAdoption(txDb, adoption.id, now))) return;
    await insertActivity(txDb, {
      locationId: session.locationId,
      adoptionMaterialId: adoption.id,
      actorAccountId: session.accountId,
      action: 'AUTO_ADOPTION_REMOVED',
      at: now,
      details: { before: { active: true }, after: { active: false } },
    });
  });
  return { adoptionMaterialId: adoption.id, active: false };
}

import { ADOPTION_ACTIVITY_ACTIONS, type AdoptionHistoryItem } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Session } from '../../lib/session.ts';
import type { Grants } from '../permissions/index.ts';
import {
  deactivateAdoption,
  findAccountEmail,
  findAdoption,
  findEntry,
  insertActivity,
  lastEntryBy,
  listHistory,
  lockAdoption,
  lockSectionLink,
  setMessagingStatus,
  setSectionRemoved,
  type FoundAdoption,
  type HistoryRow,
} from './activity-repository.ts';
import { refuseDuplicates } from './adoption-create.ts';
import { checkChosenSections } from './adoption-rules.ts';
import { lockCourse } from './adoption-write-repository.ts';
import { courseAccess, mayAdoptOnEach, type AccessibleCourse } from './course-access.ts';
import { listCourseSections } from './section-repository.ts';
import { isoDay } from './sections.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';

/** A second identical message from the same person this soon is the same post (a retry). */
export const REPOST_WINDOW_MS = 30_000;

/**
 * An adoption of a course the caller works on, with what they may do on that course; 404
 * otherwise, as if it did not exist.
 */
export async function adoptionAndCourse(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<{ adoption: FoundAdoption; course: AccessibleCourse }> {
  const adoption = await findAdoption(db, session.locationId, adoptionMaterialId);
  const course = adoption
    ? await courseAccess(db, session, grants, {
        divisionId: adoption.divisionId,
        departmentId: adoption.departmentId,
        courseId: adoption.courseId,
        sectionId: null,
      })
    : null;
  if (!adoption || !course) throw new AppError(404, M.adoptionNotFound, 'adoptionMaterialId');
  return { adoption, course };
}

/** An adoption of a course the caller works on; 404 otherwise, as if it did not exist. */
export async function accessibleAdoption(
  db: Db,
  session: Session,
  grants: Grants,
  adoptionMaterialId: number,
): Promise<FoundAdoption> {
  return (await adoptionAndCourse(db, session, grants, adoptionMaterialId)).adoption;
}

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
 * Posts a message on an adoption's thread. Asking the submitter (notifySubmitter) marks the
 * adoption RESPONSE_REQUIRED; the submitter's own message on such an adoption marks it
 * RESPONDED. The entry and the status change are written together; the e-mails (to the
 * submitter when notified, and to the copied addresses) go after the answer. The same message
 * posted again by the same person within REPOST_WINDOW_MS is the same post: nothing is written
 * or sent twice.
 */
export async function postMessage(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: {
    adoptionMaterialId: number;
    notifySubmitter: boolean;
    ccEmailList: string[];
    message: string;
  },
) {
  const { db } = deps;
  const adoption = await accessibleAdoption(db, session, grants, input.adoptionMaterialId);
  const now = deps.now();
  const details = {
    message: input.message,
    notifySubmitter: input.notifySubmitter,
    ccEmailList: input.ccEmailList,
  };
  // Under the adoption's row lock, so two submits of one message cannot both pass the check.
  const outcome = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const current = (await lockAdoption(txDb, adoption.id)) ?? adoption.messagingStatus;
    const previous = await lastEntryBy(txDb, adoption.id, session.accountId, 'MESSAGE_POSTED');
    const repeated =
      previous !== null &&
      record(previous.details)?.['message'] === input.message &&
      now.getTime() - previous.at.getTime() < REPOST_WINDOW_MS;
    if (repeated) return { status: current, entryId: previous.id, isNew: false };
    const byTheSubmitter = adoption.createdBy === session.accountId;
    const status = input.notifySubmitter
      ? 'RESPONSE_REQUIRED'
      : byTheSubmitter && current === 'RESPONSE_REQUIRED'
        ? 'RESPONDED'
        : current;
    const entryId = await insertActivity(txDb, {
      locationId: session.locationId,
      adoptionMaterialId: adoption.id,
      actorAccountId: session.accountId,
      action: 'MESSAGE_POSTED',
      at: now,
      details,
    });
    if (status !== current) await setMessagingStatus(txDb, adoption.id, status, now);
    return { status, entryId, isNew: true };
  });
  const posted = await findEntry(db, outcome.entryId);
  if (!posted) throw new Error('the posted message was not found');
  if (outcome.isNew) mailMessage(deps, adoption, input, posted.actorName ?? session.userName);
  return {
    adoptionMaterialId: adoption.id,
    adoptionMessagingStatusName: outcome.status,
    posted: presentHistory(posted),
  };
}

function mailMessage(
  deps: AppDeps,
  adoption: FoundAdoption,
  input: { notifySubmitter: boolean; ccEmailList: string[]; message: string },
  author: string,
): void {
  deps.background.run('adoption message mail', async () => {
    const to = new Set(input.ccEmailList.map((e) => e.toLowerCase()));
    if (input.notifySubmitter && adoption.createdBy !== null) {
      const submitter = await findAccountEmail(deps.db, adoption.createdBy);
      if (submitter) to.add(submitter.email.toLowerCase());
    }
    const subject = `Message about your adoption for ${adoption.courseCode} ${adoption.courseName}`;
    const text = [
      `${author} wrote about an adoption for ${adoption.courseCode} ${adoption.courseName}:`,
      '',
      input.message,
      '',
      input.notifySubmitter ? 'A response is needed: reply on the adoption in the portal.' : '',
    ].join('\n');
    for (const address of to) await deps.mailer.send({ to: address, subject, text });
  });
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
    if (!link) throw new AppError(404, M.notOnSection, 'sectionId');
    if (!allowed) throw new AppError(403, M.mayNotChangeSection, 'sectionId');
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
 * selectable (spec §5) and the title not adopted there another way.
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
  if (adoption.adoptionType !== 'AUTO_ADOPTION' || adoption.proposedTitleId === null) {
    throw new AppError(400, M.notProposedAutoAdoption, 'adoptionMaterialId');
  }
  const course = {
    divisionId: adoption.divisionId,
    departmentId: adoption.departmentId,
    courseId: adoption.courseId,
    sectionId: null,
  };
  const [allowed] = await mayAdoptOnEach(grants, [course]);
  if (!allowed) throw new AppError(403, M.mayNotChangeCourse);
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

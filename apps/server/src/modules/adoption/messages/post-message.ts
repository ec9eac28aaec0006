import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import {
  mailSender,
  refuseUnknownRecipients,
  senderLine,
  storeSenderName,
  takeMailAllowance,
} from '../../mail/index.ts';
import type { Grants } from '../../permissions/index.ts';
import {
  findAccountEmail,
  findEntry,
  insertActivity,
  lastEntryBy,
  lockAdoption,
  setMessagingStatus,
  type FoundAdoption,
} from '../course-detail/activity-repository.ts';
import { presentHistory } from '../course-detail/activity.ts';
import { accessibleAdoption } from '../adoption-reach.ts';

/** A second identical message from the same person this soon is the same post (a retry). */
export const REPOST_WINDOW_MS = 30_000;

interface MessageInput {
  adoptionMaterialId: number;
  notifySubmitter: boolean;
  ccEmailList: string[];
  message: string;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/**
 * Posts a message on an adoption's thread. Asking the submitter (notifySubmitter) marks the
 * adoption RESPONSE_REQUIRED; the submitter's own message on such an adoption marks it
 * RESPONDED. The entry and the status change are written together; the e-mails (to the
 * submitter when notified, and to the copied addresses) go after the answer. The same message
 * posted again by the same person within REPOST_WINDOW_MS is the same post: nothing is written
 * or sent twice.
 *
 * Copies go only to people the store knows, and a message that e-mails anyone counts against
 * the hourly limits of its author and its store: either refusal writes and sends nothing.
 */
export async function postMessage(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: MessageInput,
) {
  const { db } = deps;
  const adoption = await accessibleAdoption(db, session, grants, input.adoptionMaterialId);
  await refuseUnknownRecipients(db, session.locationId, 'ccEmailList', input.ccEmailList);
  const mails = input.notifySubmitter || input.ccEmailList.length > 0;
  // A repost (a retry, a second press) is answered as the first post was, limits or not.
  const repost = await earlierPost(db, session, adoption.id, input.message, deps.now());
  const allowance =
    mails && !repost
      ? await takeMailAllowance(deps.throttle, 'message', session)
      : { refund: async () => undefined };
  let outcome: Awaited<ReturnType<typeof writeMessage>>;
  try {
    outcome = await writeMessage(db, session, adoption, input, deps.now());
  } catch (error) {
    await allowance.refund();
    throw error;
  }
  const posted = await findEntry(db, outcome.entryId);
  if (!posted) throw new Error('the posted message was not found');
  if (outcome.isNew && mails) mailMessage(deps, session, adoption, input);
  else await allowance.refund();
  return {
    adoptionMaterialId: adoption.id,
    adoptionMessagingStatusName: outcome.status,
    posted: presentHistory(posted),
  };
}

/** The same message posted by the same person within REPOST_WINDOW_MS: this post is that one. */
async function earlierPost(
  db: Db,
  session: Session,
  adoptionId: number,
  message: string,
  now: Date,
): Promise<{ id: number } | null> {
  const previous = await lastEntryBy(db, adoptionId, session.accountId, 'MESSAGE_POSTED');
  const repeated =
    previous !== null &&
    record(previous.details)?.['message'] === message &&
    now.getTime() - previous.at.getTime() < REPOST_WINDOW_MS;
  return repeated ? previous : null;
}

/** Writes the entry and the status change, under the adoption's row lock (see postMessage). */
async function writeMessage(
  db: Db,
  session: Session,
  adoption: FoundAdoption,
  input: MessageInput,
  now: Date,
): Promise<{ status: string; entryId: number; isNew: boolean }> {
  const details = {
    message: input.message,
    notifySubmitter: input.notifySubmitter,
    ccEmailList: input.ccEmailList,
  };
  // Under the adoption's row lock, so two submits of one message cannot both pass the check.
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const current = (await lockAdoption(txDb, adoption.id)) ?? adoption.messagingStatus;
    const previous = await earlierPost(txDb, session, adoption.id, input.message, now);
    if (previous) return { status: current, entryId: previous.id, isNew: false };
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
}

/**
 * E-mails the message to the copied addresses and, when asked, the submitter: from the store's
 * sender, saying who wrote it and through which store, with replies going to its author.
 */
function mailMessage(
  deps: AppDeps,
  session: Session,
  adoption: FoundAdoption,
  input: MessageInput,
): void {
  deps.background.run('adoption message mail', async () => {
    const to = new Set(input.ccEmailList.map((e) => e.trim().toLowerCase()));
    if (input.notifySubmitter && adoption.createdBy !== null) {
      const submitter = await findAccountEmail(deps.db, adoption.createdBy);
      if (submitter) to.add(submitter.email.trim().toLowerCase());
    }
    const sender = await mailSender(deps.db, session.accountId);
    const author = sender?.name ?? session.userName;
    const subject = `Message about your adoption for ${adoption.courseCode} ${adoption.courseName}`;
    const text = [
      `${author} wrote about an adoption for ${adoption.courseCode} ${adoption.courseName}:`,
      '',
      input.message,
      '',
      ...(input.notifySubmitter
        ? ['A response is needed: reply on the adoption in the portal.', '']
        : []),
      ...(sender ? [senderLine(sender)] : []),
    ].join('\n');
    const replyTo = sender?.email;
    const fromName = await storeSenderName(deps.db, session.locationId);
    for (const address of to) {
      await deps.mailer.send({ fromName, to: address, subject, text, ...(replyTo && { replyTo }) });
    }
  });
}

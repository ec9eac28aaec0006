import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { recordStudentActivity } from '../activity-repository.ts';
import { storeMail } from '../../mail/index.ts';
import { reminderMessage, type StudentReminder } from './email.ts';
import {
  claimReminders,
  findReminderCandidates,
  releaseAbandonedClaims,
  releaseReminders,
  settleReminders,
  type ReminderCandidate,
} from './repository.ts';

/** What the job needs of the app; a logger is optional (tests). */
export type ReminderDeps = Pick<AppDeps, 'db' | 'mailer'> & {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Aborted when the server shuts down: the run stops before its next reminder. */
  signal?: AbortSignal;
};

/** A claim older than this without an outcome belonged to a process that stopped mid-send. */
const ABANDONED_CLAIM_MS = 60 * 60_000;

/** Outcome of a reminder whose student has no e-mail address: settled, never retried. */
export const NO_EMAIL_OUTCOME = 'no e-mail';

/** One reminder per student and kind, in the order the candidates came (store, student, kind). */
function groupByStudentAndKind(candidates: readonly ReminderCandidate[]): StudentReminder[] {
  const groups = new Map<string, ReminderCandidate[]>();
  for (const c of candidates) {
    const key = `${c.studentId}:${c.kind}`;
    const list = groups.get(key) ?? [];
    list.push(c);
    groups.set(key, list);
  }
  return [...groups.values()].map((rentals) => ({
    kind: (rentals[0] as ReminderCandidate).kind,
    rentals,
  }));
}

/** An SMTP rejection of the recipient itself (5xx): sending again would fail the same way. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends the rental due-date reminders due at `now` (10, 3 and 1 days before the due date, 1 day
 * after: see reminder-windows.ts): one e-mail per student and reminder kind, listing their
 * rentals in that window. Safe to run in several processes at once: a reminder is claimed in
 * the database before its e-mail is sent, and only the claimer sends. A failed send gives the
 * claim back, so the next run tries again; a student without an address is settled as such.
 */
export async function sendDueRentalReminders(
  deps: ReminderDeps,
  now: Date,
): Promise<{ sent: number; skipped: number }> {
  const { db, mailer, log } = deps;
  const freed = await releaseAbandonedClaims(db, new Date(now.getTime() - ABANDONED_CLAIM_MS));
  if (freed > 0) log?.warn({ freed }, 'rental reminders: freed claims of a stopped sender');
  let sent = 0;
  let skipped = 0;
  for (const reminder of groupByStudentAndKind(await findReminderCandidates(db, now))) {
    // Shutting down: the reminders not yet claimed wait for the next run, of any process.
    if (deps.signal?.aborted) break;
    const claimed = await claimReminders(
      db,
      reminder.rentals.map((r) => r.rentalId),
      reminder.kind,
      now,
    );
    // Another process sent (or is sending) these; rentals returned meanwhile are not claimed.
    if (claimed.length === 0) continue;
    const mine = {
      ...reminder,
      rentals: reminder.rentals.filter((r) => claimed.includes(r.rentalId)),
    };
    const student = mine.rentals[0] as ReminderCandidate;
    if (student.email.trim() === '') {
      await settleReminders(db, claimed, reminder.kind, {
        sentAt: null,
        outcome: NO_EMAIL_OUTCOME,
      });
      skipped++;
      continue;
    }
    try {
      await mailer.send(await storeMail(db, student.locationId, reminderMessage(mine, now)));
    } catch (error) {
      skipped++;
      if (isPermanentRefusal(error)) {
        await settleReminders(db, claimed, reminder.kind, { sentAt: null, outcome: 'refused' });
        log?.warn({ err: error, studentId: student.studentId }, 'rental reminder refused');
      } else {
        await releaseReminders(db, claimed, reminder.kind);
        log?.error(
          { err: error, studentId: student.studentId },
          'rental reminder not sent; retried next run',
        );
      }
      continue;
    }
    await db.transaction(async (tx) => {
      await settleReminders(tx, claimed, reminder.kind, { sentAt: now, outcome: 'sent' });
      await recordStudentActivity(tx, [
        {
          locationId: student.locationId,
          studentId: student.studentId,
          actorAccountId: null,
          action: 'RENTAL_REMINDER_SENT',
          details: {
            kind: reminder.kind,
            email: student.email,
            rentals: mine.rentals.map((r) => ({
              transItemId: r.rentalId,
              serial: r.serial,
              isbn: r.isbn,
              dueDate: r.dueDate,
            })),
          },
        },
      ]);
    });
    sent++;
  }
  if (sent + skipped > 0) log?.info({ sent, skipped }, 'rental reminders sent');
  return { sent, skipped };
}

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import { MailLimitError, storeSenderName, takeMailAllowance } from '../../mail/index.ts';
import { findStoreSite } from '../../campaigns/index.ts';
import { reminderMessage } from './reminder-email.ts';
import {
  claimReminders,
  dropReminder,
  failReminder,
  planReminders,
  releaseClaims,
  reminderSections,
  renewClaim,
  settleSent,
  type ClaimedReminder,
  type ReminderSection,
} from './reminder-repository.ts';

/** What the job needs of the app; a logger is optional (tests). */
export type IaReminderDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'throttle'> & {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Aborted when the server shuts down: the run stops before its next e-mail. */
  signal?: AbortSignal;
};

/** A claim older than this is of a run that stopped, or a failed send waiting to be retried. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Failed sends after which a reminder is given up (it would be past its window soon anyway). */
export const MAX_ATTEMPTS = 5;
/** Server failures in a row (connection refused, time-out) that end a run: retried next run. */
const FAILURES_THAT_STOP_A_RUN = 5;
const BATCH = 50;

export interface IaReminderRunResult {
  planned: number;
  sent: number;
  /** Given up (refused by the mail server) or dropped (the student left every program). */
  notSent: number;
  failed: number;
}

type StoreSite = { name: string; origin: string; senderName: string };

function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Per run: each store's site, once; stores whose hourly mail limit is spent. */
interface RunState {
  token: string;
  now: Date;
  sites: Map<number, StoreSite>;
  limited: Set<number>;
  failuresInARow: number;
}

async function storeSite(deps: IaReminderDeps, locationId: number): Promise<StoreSite> {
  const found = await findStoreSite(deps.db, locationId);
  return {
    name: found.storeName,
    origin: websiteOrigin(found, deps.config),
    senderName: await storeSenderName(deps.db, locationId),
  };
}

/**
 * Sends one claimed reminder: renewed first (another run may have taken it over), dropped when
 * the student is in no program of the term any more, counted against the store's hourly limit
 * (over it: released for the next run), then sent and settled. It goes only to the student's
 * own address in the store's records (the enrolment feed's): a person the store knows, as a
 * rental reminder's student is, so the known-addresses rule for typed addresses (ADR 0024) does
 * not apply.
 */
async function sendOne(
  deps: IaReminderDeps,
  run: RunState,
  reminder: ClaimedReminder,
  sections: readonly ReminderSection[],
): Promise<keyof IaReminderRunResult | 'limited' | 'skipped'> {
  const { db } = deps;
  if (run.limited.has(reminder.locationId)) return 'limited';
  if (!(await renewClaim(db, reminder.id, run.token))) return 'skipped';
  if (sections.length === 0) {
    await dropReminder(db, reminder.id, run.token);
    return 'notSent';
  }
  let allowance;
  try {
    allowance = await takeMailAllowance(deps.throttle, 'iaReminder', {
      locationId: reminder.locationId,
    });
  } catch (error) {
    if (!(error instanceof MailLimitError)) throw error;
    run.limited.add(reminder.locationId);
    deps.log?.warn({ locationId: reminder.locationId }, 'inclusive access reminders: hourly limit');
    return 'limited';
  }
  if (!run.sites.has(reminder.locationId)) {
    run.sites.set(reminder.locationId, await storeSite(deps, reminder.locationId));
  }
  const site = run.sites.get(reminder.locationId)!;
  try {
    await deps.mailer.send({
      ...reminderMessage(reminder, sections, site),
      fromName: site.senderName,
    });
  } catch (error) {
    await allowance.refund();
    const giveUp = isPermanentRefusal(error);
    const message = String((error as Error)?.message ?? error);
    await failReminder(db, reminder.id, message, { giveUp, maxAttempts: MAX_ATTEMPTS });
    deps.log?.error({ err: error, reminderId: reminder.id }, 'inclusive access reminder not sent');
    return giveUp ? 'notSent' : 'failed';
  }
  await settleSent(db, reminder.id, run.now);
  return 'sent';
}

/**
 * Plans the reminders due at `now` (each once, whatever the number of processes), then sends
 * every one still to send before its term's deadline: claimed in batches, each batch's sections
 * and addresses read just before it goes. Safe in several processes at once.
 */
export async function runIaReminders(
  deps: IaReminderDeps,
  now: Date,
  options: { staleClaimMs?: number } = {},
): Promise<IaReminderRunResult> {
  const { db } = deps;
  const today = isoDay(now);
  const result: IaReminderRunResult = { planned: 0, sent: 0, notSent: 0, failed: 0 };
  result.planned = await planReminders(db, today);
  const run: RunState = {
    token: randomUUID(),
    now,
    sites: new Map(),
    limited: new Set(),
    failuresInARow: 0,
  };
  const stopped = () =>
    deps.signal?.aborted === true || run.failuresInARow >= FAILURES_THAT_STOP_A_RUN;
  try {
    while (!stopped()) {
      const batch = await claimReminders(db, {
        token: run.token,
        today,
        staleMs: options.staleClaimMs ?? STALE_CLAIM_MS,
        maxAttempts: MAX_ATTEMPTS,
        limit: BATCH,
      });
      if (batch.length === 0) break;
      const sections = await reminderSections(
        db,
        batch.map((r) => r.id),
      );
      for (const reminder of batch) {
        if (stopped()) break;
        const outcome = await sendOne(deps, run, reminder, sections.get(reminder.id) ?? []);
        if (outcome === 'limited' || outcome === 'skipped') continue;
        result[outcome]++;
        run.failuresInARow = outcome === 'failed' ? run.failuresInARow + 1 : 0;
      }
      // Every store of the batch is over its limit: the rest waits for the next run.
      if (batch.every((r) => run.limited.has(r.locationId))) break;
    }
  } finally {
    await releaseClaims(db, run.token);
  }
  if (result.planned + result.sent + result.notSent + result.failed > 0) {
    deps.log?.info(result, 'inclusive access reminders');
  }
  return result;
}

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CAMPAIGN_STEP_GRACE_DAYS, shortTermName } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import { storeSenderName } from '../../mail/index.ts';
import { campaignMessage } from './campaign-email.ts';
import {
  claimMessages,
  failMessage,
  giveUpStaleMessages,
  excludedMessages,
  releaseClaims,
  renewClaims,
  sectionsStillUnadopted,
  settleMessage,
  type ClaimedMessage,
  type MessageSection,
} from './message-repository.ts';
import { findDueSteps, planStep } from './plan-repository.ts';
import { findStoreSite } from './store-site-repository.ts';

/** What the job needs of the app; a logger is optional (tests). */
export type CampaignDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'> & {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Aborted when the server shuts down: the run stops before its next e-mail. */
  signal?: AbortSignal;
};

/** A claim older than this is of a run that stopped, or a failed send waiting to be retried. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Failed sends (the mail server down or timing out) after which an e-mail is given up. */
export const MAX_ATTEMPTS = 5;
/** Server failures in a row (connection refused, time-out) that end a run: retried next run. */
const FAILURES_THAT_STOP_A_RUN = 5;
const BATCH = 50;
/**
 * E-mails of a batch sent side by side: a send mostly waits (on the mail server, the disk, the
 * database's settle), so a few at once use that wait; each is still settled the moment it went.
 * Only while the mail server answers: until a run's first e-mail goes, and from any failure on,
 * one at a time, so a mail server that is down costs one failed send at a time.
 */
const SEND_CONCURRENCY = 4;
/** A batch whose sends run longer than this renews its remaining claims before the next send. */
const RENEW_AFTER_MS = STALE_CLAIM_MS / 4;

export interface CampaignRunResult {
  planned: number;
  sent: number;
  notSent: number;
  failed: number;
}

function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What every e-mail of a store's needs: its name, its site's address, its sender name. */
type StoreSite = { name: string; origin: string; senderName: string };

/** What a batch's checks found for one e-mail: left out, and its sections still unadopted. */
interface MessageChecks {
  excluded: boolean;
  sections: MessageSection[];
}

/**
 * Sends one claimed e-mail (its claim renewed for its batch), unless the person was left out or
 * all its sections were adopted meanwhile (`checks`, read for its batch just before). Answers
 * what happened.
 */
async function sendOne(
  deps: CampaignDeps,
  message: ClaimedMessage,
  checks: MessageChecks,
  now: Date,
  site: StoreSite,
): Promise<'sent' | 'notSent' | 'failed'> {
  const { db } = deps;
  if (checks.excluded) {
    await settleMessage(db, message.id, 'LEFT_OUT', now, []);
    return 'notSent';
  }
  if (checks.sections.length === 0) {
    await settleMessage(db, message.id, 'NOTHING_LEFT', now, []);
    return 'notSent';
  }
  const draft = campaignMessage(
    { ...message, termName: shortTermName(message.termName) },
    checks.sections,
    site,
  );
  try {
    await deps.mailer.send({ ...draft, fromName: site.senderName });
  } catch (error) {
    if (isPermanentRefusal(error)) {
      await settleMessage(db, message.id, 'REFUSED', now, []);
      deps.log?.warn({ err: error, messageId: message.id }, 'campaign e-mail refused');
      return 'notSent';
    }
    await failMessage(db, message.id, String((error as Error)?.message ?? error), MAX_ATTEMPTS);
    deps.log?.error(
      { err: error, messageId: message.id },
      'campaign e-mail not sent; retried later',
    );
    return 'failed';
  }
  await settleMessage(
    db,
    message.id,
    'SENT',
    now,
    checks.sections.map((s) => s.sectionId),
  );
  return 'sent';
}

async function storeSite(deps: CampaignDeps, locationId: number): Promise<StoreSite> {
  const found = await findStoreSite(deps.db, locationId);
  return {
    name: found.storeName,
    origin: websiteOrigin(found, deps.config),
    senderName: await storeSenderName(deps.db, locationId),
  };
}

/**
 * Plans the campaign steps due at `now` (each once, whatever the number of processes), then
 * sends every e-mail still to send: claimed in batches, each re-checked just before it goes.
 * Safe in several processes at once (plan-repository.ts and message-repository.ts say how).
 */
export async function runCampaigns(
  deps: CampaignDeps,
  now: Date,
  options: { staleClaimMs?: number } = {},
): Promise<CampaignRunResult> {
  const { db } = deps;
  const today = isoDay(now);
  const result: CampaignRunResult = { planned: 0, sent: 0, notSent: 0, failed: 0 };
  await giveUpStaleMessages(db, today, CAMPAIGN_STEP_GRACE_DAYS);
  for (const step of await findDueSteps(db, today, CAMPAIGN_STEP_GRACE_DAYS)) {
    if (deps.signal?.aborted) return result;
    result.planned += (await planStep(db, step)) ?? 0;
  }
  const token = randomUUID();
  const sites = new Map<number, StoreSite>();
  const run = { failuresInARow: 0, answered: false };
  let firstAnswer = () => {};
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  const stopped = () =>
    deps.signal?.aborted === true || run.failuresInARow >= FAILURES_THAT_STOP_A_RUN;
  for (;;) {
    const batch = await claimMessages(db, token, options.staleClaimMs ?? STALE_CLAIM_MS, BATCH);
    if (batch.length === 0) break;
    const ids = batch.map((m) => m.id);
    const excluded = await excludedMessages(db, ids);
    const sections = await sectionsStillUnadopted(db, ids);
    for (const message of batch) {
      if (!sites.has(message.locationId)) {
        // Looked up once per store and run, not once per e-mail.
        sites.set(message.locationId, await storeSite(deps, message.locationId));
      }
    }
    const queue = [...batch];
    let owned = new Set(ids);
    let renewedAt = Date.now();
    /** The first sender goes on whatever happens; the others only while sends succeed. */
    const send = async (first: boolean): Promise<void> => {
      for (;;) {
        if (stopped() || (!first && run.failuresInARow > 0)) return;
        const message = queue.shift();
        if (!message) return;
        if (Date.now() - renewedAt > RENEW_AFTER_MS) {
          renewedAt = Date.now();
          owned = await renewClaims(db, [message.id, ...queue.map((m) => m.id)], token);
        }
        if (!owned.has(message.id)) continue;
        const checks = {
          excluded: excluded.has(message.id),
          sections: sections.get(message.id) ?? [],
        };
        const site = sites.get(message.locationId)!;
        const outcome = await sendOne(deps, message, checks, now, site);
        result[outcome]++;
        run.failuresInARow = outcome === 'failed' ? run.failuresInARow + 1 : 0;
        if (outcome !== 'failed' && !run.answered) {
          run.answered = true;
          firstAnswer();
        }
      }
    };
    const leader = send(true);
    const helpers = Array.from({ length: SEND_CONCURRENCY - 1 }, async () => {
      // Joins once the mail server has answered (or not at all if the batch ends first).
      if (await Promise.race([answered.then(() => true), leader.then(() => false)])) {
        await send(false);
      }
    });
    await Promise.all([leader, ...helpers]);
    if (stopped()) break;
  }
  await releaseClaims(db, token);
  if (result.planned + result.sent + result.notSent + result.failed > 0) {
    deps.log?.info(result, 'adoption campaign e-mails');
  }
  return result;
}

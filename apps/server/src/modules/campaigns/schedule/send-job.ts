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
  renewClaim,
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
 * Sends one claimed e-mail, unless the run no longer owns it, the person was left out, or all
 * its sections were adopted meanwhile (`checks`, read for its batch just before). Answers
 * what happened.
 */
async function sendOne(
  deps: CampaignDeps,
  message: ClaimedMessage,
  checks: MessageChecks,
  token: string,
  now: Date,
  site: StoreSite,
): Promise<'sent' | 'notSent' | 'failed' | 'skipped'> {
  const { db } = deps;
  if (!(await renewClaim(db, message.id, token))) return 'skipped';
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
  let failuresInARow = 0;
  for (;;) {
    const batch = await claimMessages(db, token, options.staleClaimMs ?? STALE_CLAIM_MS, BATCH);
    if (batch.length === 0) break;
    const ids = batch.map((m) => m.id);
    const excluded = await excludedMessages(db, ids);
    const sections = await sectionsStillUnadopted(db, ids);
    for (const message of batch) {
      if (deps.signal?.aborted || failuresInARow >= FAILURES_THAT_STOP_A_RUN) break;
      let site = sites.get(message.locationId);
      if (!site) {
        const found = await findStoreSite(db, message.locationId);
        site = {
          name: found.storeName,
          origin: websiteOrigin(found, deps.config),
          // Looked up once per store and run, not once per e-mail.
          senderName: await storeSenderName(db, message.locationId),
        };
        sites.set(message.locationId, site);
      }
      const checks = {
        excluded: excluded.has(message.id),
        sections: sections.get(message.id) ?? [],
      };
      const outcome = await sendOne(deps, message, checks, token, now, site);
      if (outcome === 'skipped') continue;
      result[outcome]++;
      failuresInARow = outcome === 'failed' ? failuresInARow + 1 : 0;
    }
    if (deps.signal?.aborted || failuresInARow >= FAILURES_THAT_STOP_A_RUN) break;
  }
  await releaseClaims(db, token);
  if (result.planned + result.sent + result.notSent + result.failed > 0) {
    deps.log?.info(result, 'adoption campaign e-mails');
  }
  return result;
}

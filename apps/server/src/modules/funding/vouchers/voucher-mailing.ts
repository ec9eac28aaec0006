import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { FUNDING_MESSAGES as M, type VoucherMailing } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { Session } from '../../../lib/session.ts';
import {
  mailSender,
  storeSenderName,
  takeMailAllowance,
  type MailSender,
} from '../../mail/index.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { findSource, type SourceRow } from '../sources/source-repository.ts';
import { voucherMessage } from './voucher-email.ts';
import {
  claimUnsentVouchers,
  markClaimedVoucherSent,
  releaseRunClaims,
  releaseVoucherClaim,
  renewRunClaims,
  takeVoucherToSend,
  voucherMailingCounts,
} from './voucher-mailing-repository.ts';
import { voucherContents } from './voucher-pdf-documents.ts';
import { voucherRows } from './voucher-repository.ts';

/** Vouchers read and built together. */
const BATCH = 50;
/** How often a run renews all its claims (each is renewed again just before it is sent). */
const RENEW_EVERY_MS = 60_000;
/**
 * Failures in a row that mean the mail server is down or unreachable: the run stops, the rest
 * stay unsent. A mailbox the server refuses (a bad address) is not such a failure.
 */
export const STOP_AFTER_FAILURES = 5;

type MailingDeps = Pick<AppDeps, 'db' | 'mailer' | 'background' | 'now' | 'throttle'>;

/** The mail server refused this recipient (RCPT TO): the address, not the server, is at fault. */
const mailboxRefused = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'EENVELOPE';

async function storeSource(deps: Pick<AppDeps, 'db'>, locationId: number, sourceId: number) {
  const source = await findSource(deps.db, locationId, sourceId);
  if (!source) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  return source;
}

/** Where the source's vouchers stand: e-mailed, being sent, unsent, without an address. */
export async function voucherMailingOf(
  deps: Pick<AppDeps, 'db'>,
  locationId: number,
  sourceId: number,
): Promise<VoucherMailing> {
  await storeSource(deps, locationId, sourceId);
  return voucherMailingCounts(deps.db, locationId, sourceId);
}

/**
 * Claims the source's unsent vouchers for a new run and mails them in the background. Answers
 * how many it started and the counts with them claimed, so a screen polling the counts sees
 * them "sending" from the first answer. Nothing to send starts nothing. A run counts as one
 * send against the hourly limits of the account and the store (modules/mail): it mails each
 * unsent voucher once, so pressing again cannot mail anyone twice.
 */
export async function startVoucherMailing(
  deps: MailingDeps,
  log: FastifyBaseLogger,
  session: Session,
  sourceId: number,
  siteName: string,
): Promise<VoucherMailing & { started: number }> {
  const { db } = deps;
  const source = await storeSource(deps, session.locationId, sourceId);
  const allowance = await takeMailAllowance(deps.throttle, 'voucherRun', session);
  const sender = await mailSender(db, session.accountId);
  const claim = randomUUID();
  let ids: number[];
  try {
    ids = await retryOnDeadlock(() => claimUnsentVouchers(db, session.locationId, sourceId, claim));
  } catch (error) {
    await allowance.refund();
    throw error;
  }
  if (ids.length === 0) await allowance.refund();
  if (ids.length > 0) {
    deps.background.run('voucher mailing', () =>
      mailClaimed(deps, log, session, source, { claim, ids, siteName, sender }),
    );
  }
  const counts = await voucherMailingCounts(db, session.locationId, sourceId);
  return { ...counts, started: ids.length };
}

interface RunTally {
  sent: number;
  /** Mailboxes the server refused. */
  refused: number;
  /** Messages the server could not be reached for. */
  failed: number;
}

/**
 * Sends the run's claimed vouchers, a batch at a time. Each voucher is taken just before it is
 * sent (its claim renewed, and skipped if it was e-mailed one by one meanwhile or taken over),
 * and marked sent as soon as the mail server accepts it, so a run that stops halfway has
 * recorded exactly what went out. A refused mailbox stays unsent; five server failures in a row,
 * or the server shutting down, end the run. Whatever it did not send is released, and the
 * activity log gets one entry for the run.
 */
async function mailClaimed(
  deps: MailingDeps,
  log: FastifyBaseLogger,
  session: Session,
  source: SourceRow,
  run: { claim: string; ids: readonly number[]; siteName: string; sender: MailSender | null },
): Promise<void> {
  const { db } = deps;
  const { claim, ids, siteName, sender } = run;
  const tally: RunTally = { sent: 0, refused: 0, failed: 0 };
  let failedInARow = 0;
  let renewedAt = Date.now();
  const fromName = await storeSenderName(db, session.locationId);
  const goOn = () => failedInARow < STOP_AFTER_FAILURES && !deps.background.signal.aborted;
  try {
    for (let i = 0; i < ids.length && goOn(); i += BATCH) {
      if (Date.now() - renewedAt >= RENEW_EVERY_MS) {
        await retryOnDeadlock(() => renewRunClaims(db, claim));
        renewedAt = Date.now();
      }
      const batch = ids.slice(i, i + BATCH);
      const rows = await voucherRows(db, session.locationId, { allowanceIds: batch }, batch.length);
      const contents = await voucherContents(db, rows, isoDay(deps.now()));
      for (const [k, row] of rows.entries()) {
        if (!goOn()) break;
        if (!(await takeVoucherToSend(db, claim, row.allowanceId))) continue;
        try {
          const message = voucherMessage(row.email.trim(), contents[k]!, siteName, sender);
          await deps.mailer.send({ ...message, fromName });
        } catch (error) {
          log.warn({ err: error, allowanceId: row.allowanceId }, 'voucher mail not sent');
          await releaseVoucherClaim(db, claim, row.allowanceId);
          if (mailboxRefused(error)) {
            tally.refused++;
          } else {
            tally.failed++;
            failedInARow++;
          }
          continue;
        }
        failedInARow = 0;
        tally.sent++;
        await markClaimedVoucherSent(db, claim, row.allowanceId, deps.now());
      }
    }
  } finally {
    // Whatever the run did not get to stays unsent, for the next press; each step on its own,
    // so a failed release still leaves the run recorded (and its claims go stale in time).
    try {
      await retryOnDeadlock(() => releaseRunClaims(db, claim));
    } catch (error) {
      log.error({ err: error, claim }, 'voucher mailing claims not released');
    }
    await recordFundingActivity(db, [
      {
        locationId: session.locationId,
        sourceId: source.id,
        actorAccountId: session.accountId,
        action: 'VOUCHERS_EMAILED',
        summary: mailingSummary(tally, ids.length),
        details: { ...tally, claimed: ids.length },
        at: deps.now(),
      },
    ]);
  }
}

/**
 * "Vouchers e-mailed to 198 students; 2 refused by the mail server, not sent". What was neither
 * sent nor refused nor failed was e-mailed one by one meanwhile, or left when the run stopped.
 */
function mailingSummary(tally: RunTally, claimed: number): string {
  const n = (count: number) => count.toLocaleString('en-US');
  const parts = [`Vouchers e-mailed to ${n(tally.sent)} student${tally.sent === 1 ? '' : 's'}`];
  if (tally.refused > 0) parts.push(`${n(tally.refused)} refused by the mail server, not sent`);
  if (tally.failed > 0) parts.push(`${n(tally.failed)} not sent: the mail server did not answer`);
  const left = claimed - tally.sent - tally.refused - tally.failed;
  if (left > 0) parts.push(`${n(left)} not sent (sent one by one meanwhile, or the run stopped)`);
  return parts.join('; ');
}

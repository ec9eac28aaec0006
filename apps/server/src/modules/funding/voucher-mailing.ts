import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { FUNDING_MESSAGES as M, type VoucherMailing } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoDay } from '../../lib/iso-day.ts';
import { retryOnDeadlock } from '../../lib/retry-deadlock.ts';
import type { Session } from '../../lib/session.ts';
import { recordFundingActivity } from './activity-repository.ts';
import { findSource, type SourceRow } from './source-repository.ts';
import { voucherMessage } from './voucher-email.ts';
import {
  VOUCHER_CLAIM_MINUTES,
  claimUnsentVouchers,
  markClaimedVoucherSent,
  releaseVoucherClaims,
  renewVoucherClaims,
  stillClaimed,
  voucherMailingCounts,
} from './voucher-mailing-repository.ts';
import { voucherContents } from './voucher-pdf-documents.ts';
import { voucherRows } from './voucher-repository.ts';

/** Vouchers read, built and renewed together. */
const BATCH = 50;
/** Refusals in a row that mean the mail server is down: the run stops, the rest stay unsent. */
export const STOP_AFTER_REFUSALS = 5;

type MailingDeps = Pick<AppDeps, 'db' | 'mailer' | 'background' | 'now'>;

const staleBefore = (now: Date) => new Date(now.getTime() - VOUCHER_CLAIM_MINUTES * 60_000);

async function storeSource(deps: Pick<AppDeps, 'db'>, locationId: number, sourceId: number) {
  const source = await findSource(deps.db, locationId, sourceId);
  if (!source) throw new AppError(404, M.sourceNotFound, 'sourceId');
  return source;
}

/** Where the source's vouchers stand: e-mailed, being sent, unsent, without an address. */
export async function voucherMailingOf(
  deps: Pick<AppDeps, 'db' | 'now'>,
  locationId: number,
  sourceId: number,
): Promise<VoucherMailing> {
  await storeSource(deps, locationId, sourceId);
  return voucherMailingCounts(deps.db, locationId, sourceId, staleBefore(deps.now()));
}

/**
 * Claims the source's unsent vouchers for a new run and mails them in the background. Answers
 * how many it started and the counts with them claimed, so a screen polling the counts sees
 * them "sending" from the first answer. Nothing to send starts nothing.
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
  const now = deps.now();
  const claim = randomUUID();
  const ids = await retryOnDeadlock(() =>
    claimUnsentVouchers(db, session.locationId, sourceId, claim, now, staleBefore(now)),
  );
  if (ids.length > 0) {
    deps.background.run('voucher mailing', () =>
      mailClaimed(deps, log, session, source, { claim, ids, siteName }),
    );
  }
  const counts = await voucherMailingCounts(db, session.locationId, sourceId, staleBefore(now));
  return { ...counts, started: ids.length };
}

/**
 * Sends the run's claimed vouchers, a batch at a time: each batch renews the claims left (a
 * long run is not taken for a dead one), skips a voucher sent one by one meanwhile, and marks
 * each sent as it goes, so a run that stops halfway has recorded exactly what went out. A
 * refusal lets that voucher go (it stays unsent, for the next press); five in a row stop the
 * run. The activity log gets one entry for the run.
 */
async function mailClaimed(
  deps: MailingDeps,
  log: FastifyBaseLogger,
  session: Session,
  source: SourceRow,
  run: { claim: string; ids: readonly number[]; siteName: string },
): Promise<void> {
  const { db } = deps;
  const { claim, ids, siteName } = run;
  let sent = 0;
  let refused = 0;
  let refusedInARow = 0;
  try {
    for (let i = 0; i < ids.length && refusedInARow < STOP_AFTER_REFUSALS; i += BATCH) {
      const now = deps.now();
      await renewVoucherClaims(db, claim, ids.slice(i), now);
      const batch = ids.slice(i, i + BATCH);
      const mine = await stillClaimed(db, claim, batch);
      const rows = await voucherRows(
        db,
        session.locationId,
        { allowanceIds: batch.filter((id) => mine.has(id)) },
        batch.length,
      );
      const contents = await voucherContents(db, rows, isoDay(now));
      for (const [k, row] of rows.entries()) {
        if (refusedInARow >= STOP_AFTER_REFUSALS) break;
        try {
          await deps.mailer.send(voucherMessage(row.email.trim(), contents[k]!, siteName));
        } catch (error) {
          log.warn({ err: error, allowanceId: row.allowanceId }, 'voucher mail refused');
          await releaseVoucherClaims(db, claim, [row.allowanceId]);
          refused++;
          refusedInARow++;
          continue;
        }
        refusedInARow = 0;
        sent++;
        await markClaimedVoucherSent(db, claim, row.allowanceId, deps.now());
      }
    }
  } finally {
    // Whatever the run did not get to stays unsent, for the next press.
    await releaseVoucherClaims(db, claim, ids);
    const notSent = ids.length - sent;
    await recordFundingActivity(db, [
      {
        locationId: session.locationId,
        sourceId: source.id,
        actorAccountId: session.accountId,
        action: 'VOUCHERS_EMAILED',
        summary: mailingSummary(sent, refused, notSent - refused),
        details: { sent, refused, notSent },
        at: deps.now(),
      },
    ]);
  }
}

/** "Vouchers e-mailed to 198 students; 2 refused by the mail server, not sent". */
export function mailingSummary(sent: number, refused: number, skipped: number): string {
  const students = (n: number) => `${n.toLocaleString('en-US')} student${n === 1 ? '' : 's'}`;
  const parts = [`Vouchers e-mailed to ${students(sent)}`];
  if (refused > 0)
    parts.push(`${refused.toLocaleString('en-US')} refused by the mail server, not sent`);
  if (skipped > 0)
    parts.push(
      `${skipped.toLocaleString('en-US')} not sent (sent one by one meanwhile, or the run stopped)`,
    );
  return parts.join('; ');
}

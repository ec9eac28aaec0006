import { formatMoney, type UnspentPolicy } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import { recordFundingActivity } from './activity-repository.ts';
import {
  insertClosingEntries,
  lockSourceAllowances,
  markSourceClosed,
  sourcesToClose,
} from './closing-repository.ts';
import { lockSource } from '../sources/source-repository.ts';

export interface ClosingResult {
  sourcesClosed: number;
  allowancesClosed: number;
  closedCents: number;
}

export interface ClosingOptions {
  /** The store's sources only; null: every store's (the daily job). */
  locationId: number | null;
  /** The store's calendar day (UTC): windows that ended before it are closed. */
  today: string;
  now: Date;
  /** Who asked (closeEndedFunding); null for the daily job. */
  actorAccountId: number | null;
}

const KIND_OF: Record<UnspentPolicy, 'EXPIRY' | 'PAYOUT'> = {
  RETURN_TO_SOURCE: 'EXPIRY',
  PAY_OUT_TO_STUDENT: 'PAYOUT',
};

/**
 * One source in its own transaction: its row locked (an allowance being added or changed
 * waits), then all its allowances in id order (an order's charge or refund in progress is
 * waited for and seen), then in one statement an EXPIRY or PAYOUT entry of each positive
 * balance (a set-based insert: a source of any size is a few statements), closed_at and the
 * last entry closed through, and a BALANCES_CLOSED activity entry with the total.
 */
async function closeSource(
  db: Db,
  locationId: number,
  sourceId: number,
  options: ClosingOptions,
): Promise<{ closed: boolean; allowances: number; cents: number }> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const source = await lockSource(tx, locationId, sourceId);
      if (!source || source.chargeEndsOn >= options.today) {
        return { closed: false, allowances: 0, cents: 0 };
      }
      await lockSourceAllowances(tx, sourceId);
      const kind = KIND_OF[source.unspentPolicy as UnspentPolicy] ?? 'EXPIRY';
      const written = await insertClosingEntries(tx, {
        kind,
        locationId,
        sourceId,
        actorAccountId: options.actorAccountId,
        at: options.now,
        note: `Charge window ended ${source.chargeEndsOn}`,
      });
      await markSourceClosed(tx, sourceId, options.now);
      // Closed before and nothing to close now (a refund another run closed meanwhile).
      if (written.allowances === 0 && source.closedAt !== null) {
        return { closed: false, allowances: 0, cents: 0 };
      }
      const what = kind === 'EXPIRY' ? 'returned to the source' : 'paid out to the students';
      await recordFundingActivity(tx, [
        {
          locationId,
          sourceId,
          actorAccountId: options.actorAccountId,
          action: 'BALANCES_CLOSED',
          summary: `${formatMoney(written.cents)} of ${written.allowances} unspent balance(s) ${what}`,
          details: { kind, allowances: written.allowances, closedCents: written.cents },
          at: options.now,
        },
      ]);
      return { closed: true, allowances: written.allowances, cents: written.cents };
    }),
  );
}

/**
 * Closes the unspent balances of every source whose charge window ended before `today`
 * (closeEndedFunding and the daily job). Running it again writes nothing new: the balances are
 * zero then. A refund credited after a closing is closed by the next run.
 */
export async function closeEndedFunding(db: Db, options: ClosingOptions): Promise<ClosingResult> {
  const result: ClosingResult = { sourcesClosed: 0, allowancesClosed: 0, closedCents: 0 };
  for (const source of await sourcesToClose(db, options.today, options.locationId)) {
    const done = await closeSource(db, source.locationId, source.id, options);
    if (!done.closed) continue;
    result.sourcesClosed += 1;
    result.allowancesClosed += done.allowances;
    result.closedCents += done.cents;
  }
  return result;
}

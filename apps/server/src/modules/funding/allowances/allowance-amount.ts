import { FUNDING_MESSAGES as M, formatMoney, type FundingAllowance } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { Session } from '../../../lib/session.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { allowanceRows } from './allowance-list-repository.ts';
import { storeAllowance } from './allowance-list.ts';
import {
  allowanceFigures,
  insertLedgerEntries,
  lockAllowances,
} from '../ledger/ledger-repository.ts';
import { lockSource, sourceGrantedCents } from '../sources/source-repository.ts';

/**
 * setAllowanceAmount: sets what the student is allocated. In one transaction, under the
 * source's lock and then the allowance's (the order every writer takes them in): the new total
 * may not fall below what the allowance has used (spent, or closed when its window ended), nor
 * pass the per-student cap or the budget left; the difference is an ADJUSTMENT entry with an
 * ALLOWANCE_ADJUSTED activity entry. The same amount again writes nothing.
 */
export async function setAllowanceAmountOf(
  db: Db,
  session: Session,
  allowanceId: number,
  input: { amountCents: number; note: string },
  now: Date,
): Promise<FundingAllowance> {
  const { locationId, accountId } = session;
  const [found] = await allowanceRows(db, locationId, [allowanceId]);
  if (!found) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const source = await lockSource(tx, locationId, found.sourceId);
      const [allowance] = await lockAllowances(tx, locationId, [allowanceId]);
      if (!source || !allowance) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
      const figures = (await allowanceFigures(tx, [allowanceId])).get(allowanceId);
      const allocated = figures?.allocatedCents ?? 0;
      const used = (figures?.spentCents ?? 0) + (figures?.closedCents ?? 0);
      const delta = input.amountCents - allocated;
      if (delta === 0) return;
      if (input.amountCents < used)
        throw AppError.badRequest(M.belowSpent(formatMoney(used)), 'amountCents');
      if (delta > 0) {
        const cap = source.perStudentCapCents;
        if (cap !== null && input.amountCents > cap)
          throw AppError.badRequest(M.overCap(formatMoney(cap)), 'amountCents');
        const left = source.budgetCents - (await sourceGrantedCents(tx, source.id));
        if (delta > left)
          throw AppError.conflict(M.overBudget(formatMoney(Math.max(0, left))), 'amountCents');
      }
      await insertLedgerEntries(tx, [
        {
          locationId,
          sourceId: source.id,
          allowanceId,
          studentId: allowance.studentId,
          kind: 'ADJUSTMENT',
          amountCents: delta,
          actorAccountId: accountId,
          at: now,
          note: input.note,
        },
      ]);
      await recordFundingActivity(tx, [
        {
          locationId,
          sourceId: source.id,
          allowanceId,
          actorAccountId: accountId,
          action: 'ALLOWANCE_ADJUSTED',
          summary: `Student ${found.studentIdNum}: ${formatMoney(allocated)} → ${formatMoney(input.amountCents)}${input.note ? ` (${input.note})` : ''}`,
          details: { from: allocated, to: input.amountCents, deltaCents: delta },
          at: now,
        },
      ]);
    }),
  );
  return storeAllowance(db, locationId, allowanceId);
}

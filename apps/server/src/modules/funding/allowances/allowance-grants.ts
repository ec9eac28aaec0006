import { FUNDING_MESSAGES as M, formatMoney } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import {
  insertAllowances,
  studentsWithAllowance,
  voucherCodesInUse,
} from './allowance-repository.ts';
import { insertLedgerEntries } from '../ledger/ledger-repository.ts';
import { lockSource, sourceGrantedCents, type SourceRow } from '../sources/source-repository.ts';
import { newVoucherCode } from '../vouchers/voucher-code.ts';

/** One allowance to give: a student of the store (already found) and an amount. */
export interface AllowanceGrant {
  studentId: number;
  /** As the store knows it, for messages. */
  studentIdNum: string;
  amountCents: number;
  note: string;
}

/** Why one grant cannot be made, naming the field a form or a file column shows it at. */
export interface GrantRefusal {
  field: 'studentIdNum' | 'amountCents';
  status: 400 | 409;
  message: string;
}

/**
 * Checks grants against the source as it is: a student who already has an allowance from it,
 * or is listed twice; an amount over the per-student cap; the budget left, spent in the order
 * the grants come (the first that does not fit is refused, later smaller ones may still fit).
 * Reads only: an allowance file's check calls it, and grantAllowances calls it again under the
 * source's lock. Answers the refusals by grant index.
 */
export async function checkGrants(
  db: Db,
  source: SourceRow,
  grants: readonly AllowanceGrant[],
): Promise<Map<number, GrantRefusal>> {
  const refusals = new Map<number, GrantRefusal>();
  const already = await studentsWithAllowance(
    db,
    source.id,
    grants.map((g) => g.studentId),
  );
  let left = source.budgetCents - (await sourceGrantedCents(db, source.id));
  const seen = new Set<number>();
  for (const [index, grant] of grants.entries()) {
    if (already.has(grant.studentId) || seen.has(grant.studentId)) {
      refusals.set(index, {
        field: 'studentIdNum',
        status: 409,
        message: M.duplicateAllowance(grant.studentIdNum),
      });
      continue;
    }
    seen.add(grant.studentId);
    const cap = source.perStudentCapCents;
    if (cap !== null && grant.amountCents > cap) {
      refusals.set(index, {
        field: 'amountCents',
        status: 400,
        message: M.overCap(formatMoney(cap)),
      });
      continue;
    }
    if (grant.amountCents > left) {
      refusals.set(index, {
        field: 'amountCents',
        status: 409,
        message: M.overBudget(formatMoney(Math.max(0, left))),
      });
      continue;
    }
    left -= grant.amountCents;
  }
  return refusals;
}

/** Draws a voucher code for each grant that the store does not use yet. */
async function freshVoucherCodes(db: Db, locationId: number, count: number): Promise<string[]> {
  const codes = new Set<string>();
  for (;;) {
    while (codes.size < count) codes.add(newVoucherCode());
    const used = await voucherCodesInUse(db, locationId, [...codes]);
    if (used.size === 0) return [...codes];
    for (const code of used) codes.delete(code);
  }
}

export interface GrantOptions {
  actorAccountId: number | null;
  now: Date;
  /** The allowance file the grants come from. */
  uploadId?: number | null;
  /** The client's key of a one-allowance add (the same add sent again answers it). */
  clientKey?: string | null;
  /**
   * Write an ALLOWANCE_ADDED activity entry per allowance (one at a time), or none (a file's
   * apply and a promotion use write their own entry).
   */
  activityPerAllowance: boolean;
}

/**
 * Gives allowances from a source in the caller's transaction: locks the source row (every
 * allocation from it queues there, so the budget check sees the allocation before), checks
 * every grant again (any refusal throws its 4xx and nothing is written), then writes the
 * allowances with their voucher codes and an ALLOCATION entry each. Answers each student's new
 * allowance id. The ledger trigger refuses an allocation beyond the budget if a check ever
 * missed one.
 */
export async function grantAllowances(
  tx: Db,
  locationId: number,
  sourceId: number,
  grants: readonly AllowanceGrant[],
  options: GrantOptions,
): Promise<Map<number, number>> {
  const source = await lockSource(tx, locationId, sourceId);
  if (!source) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const refusals = await checkGrants(tx, source, grants);
  const first = refusals.entries().next().value;
  if (first) {
    const [, refusal] = first;
    throw new AppError(refusal.status, refusal.message, refusal.field);
  }
  const codes = await freshVoucherCodes(tx, locationId, grants.length);
  const ids = await insertAllowances(
    tx,
    grants.map((g, i) => ({
      locationId,
      sourceId,
      studentId: g.studentId,
      voucherCode: codes[i] as string,
      note: g.note,
      createdBy: options.actorAccountId,
      createdAt: options.now,
      clientKey: options.clientKey ?? null,
      uploadId: options.uploadId ?? null,
    })),
  );
  // The new allowance of a grant, as its ledger entry and activity reference it.
  const allowanceOf = (g: AllowanceGrant) => ({
    locationId,
    sourceId,
    allowanceId: ids.get(g.studentId) as number,
  });
  await insertLedgerEntries(
    tx,
    grants.map((g) => ({
      ...allowanceOf(g),
      studentId: g.studentId,
      kind: 'ALLOCATION' as const,
      amountCents: g.amountCents,
      actorAccountId: options.actorAccountId,
      at: options.now,
      note: g.note,
    })),
  );
  if (options.activityPerAllowance) {
    await recordFundingActivity(
      tx,
      grants.map((g) => ({
        ...allowanceOf(g),
        actorAccountId: options.actorAccountId,
        action: 'ALLOWANCE_ADDED' as const,
        summary: `${formatMoney(g.amountCents)} to student ${g.studentIdNum}`,
        details: { studentId: g.studentId, amountCents: g.amountCents },
        at: options.now,
      })),
    );
  }
  return ids;
}

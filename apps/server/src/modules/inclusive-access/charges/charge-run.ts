import type { SQL } from 'drizzle-orm';
import {
  IA_CHARGE_MESSAGES as M,
  IA_MESSAGES,
  type IaChargePreview,
  type IaLineTotals,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import { planIaFunding, recordIaFunding, type IaFundingPayer } from '../../funding/index.ts';
import { iaDivisionTerm } from '../programs/program-access.ts';
import type { IaDivisionTerm } from '../programs/division-term-repository.ts';
import {
  insertChargeFile,
  insertLines,
  lineKey,
  newLines,
  nextFileNumber,
  type NewLine,
} from './charge-lines-repository.ts';

/** The store's today is after the term's opt-out deadline (the deadline day itself is not). */
export function deadlinePassed(
  term: Pick<IaDivisionTerm, 'optOutDeadline'>,
  today: string,
): boolean {
  return term.optOutDeadline !== null && today > term.optOutDeadline;
}

function totals(lines: readonly NewLine[]): IaLineTotals {
  return { lines: lines.length, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

interface Planned {
  lines: NewLine[];
  /** The allowance paying (or taking back) each funded line, by lineKey. */
  payers: Map<string, IaFundingPayer>;
}

/** The new lines and which of them allowances pay; with `lock`, the allowances are locked. */
async function plan(
  db: Db,
  locationId: number,
  term: IaDivisionTerm,
  today: string,
  lock: boolean,
): Promise<Planned> {
  const lines = await newLines(db, locationId, term);
  const funding = await planIaFunding(db, {
    locationId,
    termId: term.termId,
    today,
    lock,
    charges: lines.flatMap((l, key) =>
      l.kind === 'CHARGE' ? [{ key, studentId: l.studentId, amountCents: l.amountCents }] : [],
    ),
    credits: lines.flatMap((l, key) =>
      l.kind === 'CREDIT' && l.chargeLineId !== null ? [{ key, chargeLineId: l.chargeLineId }] : [],
    ),
  });
  const payers = new Map<string, IaFundingPayer>();
  lines.forEach((l, key) => {
    const payer = funding.charges.get(key) ?? funding.credits.get(key);
    if (payer) payers.set(lineKey(l), payer);
  });
  return { lines, payers };
}

function split({ lines, payers }: Planned) {
  const funded = lines.filter((l) => payers.has(lineKey(l)));
  const billed = lines.filter((l) => !payers.has(lineKey(l)));
  const of = (ls: NewLine[], kind: string) => totals(ls.filter((l) => l.kind === kind));
  return {
    funded,
    billed,
    charges: of(billed, 'CHARGE'),
    credits: of(billed, 'CREDIT'),
    fundedCharges: of(funded, 'CHARGE'),
    fundedCredits: of(funded, 'CREDIT'),
  };
}

/** What the next file would hold now; nothing written, nothing locked. */
export async function previewChargeFile(
  db: Db,
  locationId: number,
  termId: number,
  divisions: SQL,
  today: string,
): Promise<IaChargePreview> {
  const term = await iaDivisionTerm(db, locationId, termId, divisions);
  const passed = deadlinePassed(term, today);
  const planned = passed
    ? await plan(db, locationId, term, today, false)
    : { lines: [], payers: new Map() };
  const { charges, credits, fundedCharges, fundedCredits } = split(planned);
  return {
    deadlinePassed: passed,
    nextNumber: await nextFileNumber(db, termId),
    charges,
    credits,
    fundedCharges,
    fundedCredits,
  };
}

export interface ChargeRunInput {
  locationId: number;
  termId: number;
  divisions: SQL;
  accountId: number;
  today: string;
  now: Date;
}

/**
 * Makes every line not yet made, in one transaction under the term's lock: two runs at once
 * queue on the term, and the second finds nothing new (409), so no line is made twice or
 * missed. The bursar's lines go in the next numbered file (none when allowances pay them all);
 * the funded lines get their ledger entries. Refused (409) before the deadline has passed and
 * when there is nothing new at all. Answers the file's id (or null) and the funded totals.
 */
export async function runChargeFile(db: Db, input: ChargeRunInput) {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const { locationId, termId } = input;
      const term = await iaDivisionTerm(tx, locationId, termId, input.divisions, true);
      if (term.optOutDeadline === null) throw AppError.conflict(IA_MESSAGES.noDeadline, 'termId');
      if (!deadlinePassed(term, input.today)) {
        throw AppError.conflict(M.beforeDeadline(term.optOutDeadline), 'termId');
      }
      const planned = await plan(tx, locationId, term, input.today, true);
      if (planned.lines.length === 0) throw AppError.conflict(M.nothingNew, 'termId');
      const s = split(planned);
      let fileId: number | null = null;
      if (s.billed.length > 0) {
        fileId = await insertChargeFile(tx, {
          locationId,
          termId,
          number: await nextFileNumber(tx, termId),
          lineCount: s.billed.length,
          totalCents: s.charges.totalCents + s.credits.totalCents,
          createdBy: input.accountId,
          createdAt: input.now,
        });
      }
      const ids = await insertLines(tx, locationId, [
        ...s.billed.map((l) => ({ ...l, fileId, paidByFunding: false })),
        ...s.funded.map((l) => ({ ...l, fileId: null, paidByFunding: true })),
      ]);
      await recordIaFunding(
        tx,
        { locationId, termId, actorAccountId: input.accountId, now: input.now },
        s.funded.map((l) => ({
          payer: planned.payers.get(lineKey(l))!,
          studentId: l.studentId,
          lineAmountCents: l.amountCents,
          iaChargeLineId: ids.get(lineKey(l))!,
          note: `${term.termName}: ${l.description}`.slice(0, 500),
        })),
      );
      return { fileId, fundedCharges: s.fundedCharges, fundedCredits: s.fundedCredits };
    }),
  );
}

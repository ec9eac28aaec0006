import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { insertLedgerEntries, lockAllowances, type NewLedgerEntry } from './ledger-repository.ts';

/**
 * Inclusive-access charges paid from funding allowances (issue 32; ADR 0019, 0029). The rule,
 * kept here in one place: an allowance pays a student's IA charge when its source pays for
 * digital materials (IA materials are digital: `DIGITAL` among the source's spending), its
 * charge window is open on the day the charge is fixed, its terms include the charge's term (or
 * it names none), and its balance covers the whole charge: no split, the bursar gets the whole
 * line otherwise. Of several, a source of the term's own before an any-term one, then the
 * oldest allowance. A credit of a line an allowance paid goes back to that allowance (REFUND).
 */
export interface IaFundingPayer {
  allowanceId: number;
  sourceId: number;
}

export interface IaChargeToFund {
  /** The caller's key for the charge (answered in the map). */
  key: number;
  studentId: number;
  amountCents: number;
}

export interface IaCreditToFund {
  key: number;
  /** The charge line the credit takes back. */
  chargeLineId: number;
}

export interface IaFundingInput {
  locationId: number;
  termId: number;
  /** The store's calendar day (the source's charge window). */
  today: string;
  charges: readonly IaChargeToFund[];
  credits: readonly IaCreditToFund[];
  /**
   * Inside the charge file's transaction: lock the allowances (in id order, as every writer of
   * a balance does) and read their balances under the lock. False: a preview, nothing locked.
   */
  lock: boolean;
}

interface UsableRow {
  allowance_id: number;
  source_id: number;
  student_id: number;
  balance_cents: number;
}

/** The students' allowances that may pay an IA charge of the term today, in the order they pay. */
async function usableAllowances(db: Db, input: IaFundingInput): Promise<UsableRow[]> {
  const students = [...new Set(input.charges.map((c) => c.studentId))];
  if (students.length === 0) return [];
  const rows = await queryRows<UsableRow & { term_specific: boolean }>(
    db,
    sql`select a.id as allowance_id, a.source_id, a.student_id, a.balance_cents,
        exists (select 1 from funding_source_terms ft where ft.source_id = s.id) as term_specific
      from funding_allowances a join funding_sources s on s.id = a.source_id
      where a.location_id = ${input.locationId}
        and a.student_id = any(${`{${students.join(',')}}`}::int[])
        and 'DIGITAL' = any(s.spending)
        and s.charge_starts_on <= ${input.today}::date and s.charge_ends_on >= ${input.today}::date
        and a.balance_cents > 0
        and (not exists (select 1 from funding_source_terms ft where ft.source_id = s.id)
          or exists (select 1 from funding_source_terms ft
                     where ft.source_id = s.id and ft.term_id = ${input.termId}))
      order by a.student_id, term_specific desc, a.id`,
  );
  return rows.map((r) => ({
    allowance_id: Number(r.allowance_id),
    source_id: Number(r.source_id),
    student_id: Number(r.student_id),
    balance_cents: Number(r.balance_cents),
  }));
}

/** The allowance that paid each charge line (its ledger CHARGE), for lines an allowance paid. */
async function chargePayers(
  db: Db,
  chargeLineIds: readonly number[],
): Promise<Map<number, IaFundingPayer>> {
  const payers = new Map<number, IaFundingPayer>();
  if (chargeLineIds.length === 0) return payers;
  const rows = await queryRows<{ line_id: number; allowance_id: number; source_id: number }>(
    db,
    sql`select ia_charge_line_id as line_id, allowance_id, source_id from funding_ledger
      where kind = 'CHARGE'
        and ia_charge_line_id = any(${`{${chargeLineIds.join(',')}}`}::int[])`,
  );
  for (const r of rows) {
    payers.set(Number(r.line_id), {
      allowanceId: Number(r.allowance_id),
      sourceId: Number(r.source_id),
    });
  }
  return payers;
}

/**
 * Which charges allowances pay and which credits go back to one (by the callers' keys). With
 * `lock`, every allowance involved is locked first, in one pass in id order, and the balances
 * are those read under the lock; each charge paid lowers its allowance's balance for the next.
 */
export async function planIaFunding(
  db: Db,
  input: IaFundingInput,
): Promise<{ charges: Map<number, IaFundingPayer>; credits: Map<number, IaFundingPayer> }> {
  const usable = await usableAllowances(db, input);
  const payers = await chargePayers(
    db,
    input.credits.map((c) => c.chargeLineId),
  );
  const balances = new Map(usable.map((u) => [u.allowance_id, u.balance_cents]));
  if (input.lock) {
    const ids = [
      ...usable.map((u) => u.allowance_id),
      ...[...payers.values()].map((p) => p.allowanceId),
    ];
    for (const row of await lockAllowances(db, input.locationId, ids)) {
      if (balances.has(row.id)) balances.set(row.id, row.balanceCents);
    }
  }
  const byStudent = new Map<number, UsableRow[]>();
  for (const u of usable) byStudent.set(u.student_id, [...(byStudent.get(u.student_id) ?? []), u]);
  const charges = new Map<number, IaFundingPayer>();
  for (const charge of input.charges) {
    const payer = (byStudent.get(charge.studentId) ?? []).find(
      (u) => (balances.get(u.allowance_id) ?? 0) >= charge.amountCents,
    );
    if (!payer) continue;
    balances.set(payer.allowance_id, (balances.get(payer.allowance_id) ?? 0) - charge.amountCents);
    charges.set(charge.key, { allowanceId: payer.allowance_id, sourceId: payer.source_id });
  }
  const credits = new Map<number, IaFundingPayer>();
  for (const credit of input.credits) {
    const payer = payers.get(credit.chargeLineId);
    if (payer) credits.set(credit.key, payer);
  }
  return { charges, credits };
}

export interface IaFundingEntry {
  payer: IaFundingPayer;
  studentId: number;
  /** The line's amount, signed as the student's account moves (charge > 0, credit < 0). */
  lineAmountCents: number;
  iaChargeLineId: number;
  note: string;
}

/**
 * Writes the ledger entries of lines allowances pay (a CHARGE, no order) or take back (a
 * REFUND), in the transaction that locked the allowances (planIaFunding with `lock`).
 */
export async function recordIaFunding(
  tx: Db,
  input: { locationId: number; termId: number; actorAccountId: number; now: Date },
  entries: readonly IaFundingEntry[],
): Promise<void> {
  await insertLedgerEntries(
    tx,
    entries.map((e): NewLedgerEntry => ({
      locationId: input.locationId,
      sourceId: e.payer.sourceId,
      allowanceId: e.payer.allowanceId,
      studentId: e.studentId,
      kind: e.lineAmountCents > 0 ? 'CHARGE' : 'REFUND',
      amountCents: -e.lineAmountCents,
      termId: input.termId,
      actorAccountId: input.actorAccountId,
      at: input.now,
      note: e.note,
      iaChargeLineId: e.iaChargeLineId,
    })),
  );
}

import type { FundingKind, StudentAllowance } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { allowanceFigures } from '../ledger/ledger-repository.ts';
import { eligibilityText, shortTermNames } from '../sources/source-eligibility.ts';
import { termsOfSources } from '../sources/source-read-repository.ts';
import { studentAllowanceRows } from './student-allowances-repository.ts';

/**
 * A student's funding as the student screen and order creation show it (getStudentFunding):
 * each allowance with its figures from the ledger, whether it can pay today (window open and a
 * balance) and what it pays for in words; usable ones first, the window that ends first first.
 * The caller has checked that the student is of the store `locationId`.
 */
export async function studentAllowances(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
): Promise<{ allowances: StudentAllowance[]; availableCents: number }> {
  const rows = await studentAllowanceRows(db, locationId, studentId);
  const figures = await allowanceFigures(
    db,
    rows.map((r) => r.allowanceId),
  );
  const terms = await termsOfSources(db, [...new Set(rows.map((r) => r.sourceId))]);
  const allowances = rows.map((r): StudentAllowance => {
    const f = figures.get(r.allowanceId);
    const balanceCents = f?.balanceCents ?? 0;
    const termNames = shortTermNames((terms.get(r.sourceId) ?? []).map((t) => t.termName));
    return {
      allowanceId: r.allowanceId,
      sourceId: r.sourceId,
      sourceName: r.sourceName,
      kind: r.kind as FundingKind,
      voucherCode: r.voucherCode,
      termNames,
      chargeStartsOn: r.chargeStartsOn,
      chargeEndsOn: r.chargeEndsOn,
      usableToday: r.chargeStartsOn <= today && today <= r.chargeEndsOn && balanceCents > 0,
      eligibility: eligibilityText(r.scope, r.spending, termNames),
      allocatedCents: f?.allocatedCents ?? 0,
      spentCents: f?.spentCents ?? 0,
      balanceCents,
    };
  });
  allowances.sort(
    (a, b) =>
      Number(b.usableToday) - Number(a.usableToday) ||
      a.chargeEndsOn.localeCompare(b.chargeEndsOn) ||
      a.allowanceId - b.allowanceId,
  );
  return {
    allowances,
    availableCents: allowances
      .filter((a) => a.usableToday)
      .reduce((sum, a) => sum + a.balanceCents, 0),
  };
}

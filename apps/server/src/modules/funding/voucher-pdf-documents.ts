import { FUNDING_MESSAGES as M, shortTermName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoDay } from '../../lib/iso-day.ts';
import type { Session } from '../../lib/session.ts';
import { recordFundingActivity } from './activity-repository.ts';
import { allowanceFigures } from './ledger-repository.ts';
import { eligibilityText } from './source-eligibility.ts';
import { termsOfSources } from './source-read-repository.ts';
import { findSource } from './source-repository.ts';
import { countSourceAllowances } from './source-usage-repository.ts';
import { voucherRows, type VoucherRow } from './voucher-repository.ts';
import { renderVouchers, type VoucherContent } from './voucher-pdf.ts';

/** The most vouchers one source PDF holds (a page each): a few megabytes, seconds to build. */
export const MAX_VOUCHERS_PER_PDF = 5000;

/** Voucher rows with their balances and what they pay for, as of `today`. */
export async function voucherContents(
  db: Db,
  rows: readonly VoucherRow[],
  today: string,
): Promise<VoucherContent[]> {
  const figures = await allowanceFigures(
    db,
    rows.map((r) => r.allowanceId),
  );
  const terms = await termsOfSources(db, [...new Set(rows.map((r) => r.sourceId))]);
  return rows.map((r) => {
    const f = figures.get(r.allowanceId);
    const termNames = (terms.get(r.sourceId) ?? []).map((t) => shortTermName(t.termName));
    return {
      storeName: r.storeName,
      studentName: `${r.firstName} ${r.lastName}`,
      studentIdNum: r.studentIdNum,
      sourceName: r.sourceName,
      kind: r.kind,
      allocatedCents: f?.allocatedCents ?? 0,
      balanceCents: f?.balanceCents ?? 0,
      asOf: today,
      chargeStartsOn: r.chargeStartsOn,
      chargeEndsOn: r.chargeEndsOn,
      eligibility: eligibilityText(r.scope, r.spending, termNames),
      voucherCode: r.voucherCode,
    };
  });
}

/** One student's voucher as a PDF; another store's allowance is a 404 naming allowanceId. */
export async function allowanceVoucherPdf(
  db: Db,
  locationId: number,
  allowanceId: number,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await voucherRows(db, locationId, { allowanceId }, 1);
  if (!row) throw new AppError(404, M.allowanceNotFound, 'allowanceId');
  const [content] = await voucherContents(db, [row], isoDay(now));
  return {
    pdf: await renderVouchers(`Voucher ${row.voucherCode}`, content ? [content] : []),
    fileName: `voucher-${row.voucherCode}.pdf`,
  };
}

/**
 * Every voucher of a source, a page each, by student name, at most MAX_VOUCHERS_PER_PDF (a last
 * page says how many were left out); recorded as VOUCHERS_PRINTED.
 */
export async function sourceVouchersPdf(
  db: Db,
  session: Session,
  sourceId: number,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const source = await findSource(db, session.locationId, sourceId);
  if (!source) throw new AppError(404, M.sourceNotFound, 'sourceId');
  const total = await countSourceAllowances(db, sourceId);
  const rows = await voucherRows(db, session.locationId, { sourceId }, MAX_VOUCHERS_PER_PDF);
  const contents = await voucherContents(db, rows, isoDay(now));
  const pdf = await renderVouchers(`Vouchers of ${source.name}`, contents, total - rows.length);
  await recordFundingActivity(db, [
    {
      locationId: session.locationId,
      sourceId,
      actorAccountId: session.accountId,
      action: 'VOUCHERS_PRINTED',
      summary:
        rows.length === total
          ? `Printed ${total} vouchers`
          : `Printed ${rows.length} of ${total} vouchers (at most ${MAX_VOUCHERS_PER_PDF} at once)`,
      details: { printed: rows.length, total },
      at: now,
    },
  ]);
  return { pdf, fileName: `vouchers-source-${sourceId}-${isoDay(now)}.pdf` };
}

import { FUNDING_MESSAGES as M } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Session } from '../../../lib/session.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { allowanceFigures } from '../ledger/ledger-repository.ts';
import { eligibilityText, shortTermNames } from '../sources/source-eligibility.ts';
import { termsOfSources } from '../sources/source-read-repository.ts';
import { findSource, type SourceRow } from '../sources/source-repository.ts';
import { countSourceAllowances } from '../sources/source-usage-repository.ts';
import { storeName, voucherRows, type VoucherRow } from './voucher-repository.ts';
import { renderVouchers, type PromotionContent, type VoucherContent } from './voucher-pdf.ts';

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
    const termNames = shortTermNames((terms.get(r.sourceId) ?? []).map((t) => t.termName));
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

/**
 * One student's voucher as a PDF, recorded as VOUCHERS_PRINTED with the allowance and the
 * student; another store's allowance is a 404 naming allowanceId.
 */
export async function allowanceVoucherPdf(
  db: Db,
  session: Session,
  allowanceId: number,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await voucherRows(db, session.locationId, { allowanceId }, 1);
  if (!row) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
  const [content] = await voucherContents(db, [row], isoDay(now));
  const pdf = await renderVouchers(`Voucher ${row.voucherCode}`, content ? [content] : []);
  await recordFundingActivity(db, [
    {
      locationId: session.locationId,
      sourceId: row.sourceId,
      allowanceId,
      actorAccountId: session.accountId,
      action: 'VOUCHERS_PRINTED',
      summary: `Printed the voucher of student ${row.studentIdNum}`,
      details: { printed: 1, studentIdNum: row.studentIdNum },
      at: now,
    },
  ]);
  return { pdf, fileName: `voucher-${row.voucherCode}.pdf` };
}

/** A promotion source's own page: its code, each use's amount, the uses left, the rules. */
async function promotionContent(
  db: Db,
  source: SourceRow,
  storeName: string,
  uses: number,
): Promise<PromotionContent | null> {
  if (source.promoCode === null || source.promoAmountCents === null) return null;
  if (source.promoUseLimit === null) return null;
  const terms = (await termsOfSources(db, [source.id])).get(source.id) ?? [];
  return {
    storeName,
    sourceName: source.name,
    code: source.promoCode,
    amountCents: source.promoAmountCents,
    useLimit: source.promoUseLimit,
    usesLeft: Math.max(0, source.promoUseLimit - uses),
    chargeStartsOn: source.chargeStartsOn,
    chargeEndsOn: source.chargeEndsOn,
    eligibility: eligibilityText(
      source.scope,
      source.spending,
      shortTermNames(terms.map((t) => t.termName)),
    ),
  };
}

/**
 * Every voucher of a source, a page each, by student name, at most MAX_VOUCHERS_PER_PDF (a last
 * page says how many were left out), after a promotion's page for its shared code (a store
 * prints and posts it); recorded as VOUCHERS_PRINTED.
 */
export async function sourceVouchersPdf(
  db: Db,
  session: Session,
  sourceId: number,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const source = await findSource(db, session.locationId, sourceId);
  if (!source) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const total = await countSourceAllowances(db, sourceId);
  const rows = await voucherRows(db, session.locationId, { sourceId }, MAX_VOUCHERS_PER_PDF);
  const contents = await voucherContents(db, rows, isoDay(now));
  const promotion = await promotionContent(
    db,
    source,
    await storeName(db, session.locationId),
    total,
  );
  const pdf = await renderVouchers(
    `Vouchers of ${source.name}`,
    contents,
    total - rows.length,
    promotion,
  );
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

import { SPENDING_OF_FULFILLMENT } from '@csp/contracts';

/** An order line as funding sees it: what it is, what it costs, and whose section it is for. */
export interface FundingLine {
  sectionId: number;
  titleId: number;
  fulfillmentType: string;
  priceCents: number;
  /** The term of the line's section. */
  termId: number | null;
  /** A material required for one of the student's own sections. */
  required: boolean;
}

/** One of the student's allowances usable today, with its balance and its source's rules. */
export interface UsableAllowance {
  allowanceId: number;
  sourceId: number;
  sourceName: string;
  voucherCode: string;
  createdAt: Date;
  scope: string;
  spending: readonly string[];
  /** The terms the source pays for; empty: any term. */
  termIds: readonly number[];
  chargeEndsOn: string;
  balanceCents: number;
}

/** What one allowance pays of an order, and for which lines. */
export interface AllowanceUse {
  allowance: UsableAllowance;
  amountCents: number;
  paid: { sectionId: number; titleId: number; cents: number }[];
}

/**
 * Most specific source first (ADR 0019): required-only before any material; sources limited to
 * terms before those for any term; fewer spending kinds first; the window that ends first; then
 * the oldest allowance. The money that can only pay for little is spent before the money that
 * can pay for anything, so the general money is left for what only it covers.
 */
export function mostSpecificFirst(a: UsableAllowance, b: UsableAllowance): number {
  const requiredOnly = (x: UsableAllowance) => (x.scope === 'REQUIRED_OWN_SECTIONS' ? 0 : 1);
  const anyTerm = (x: UsableAllowance) => (x.termIds.length > 0 ? 0 : 1);
  return (
    requiredOnly(a) - requiredOnly(b) ||
    anyTerm(a) - anyTerm(b) ||
    a.spending.length - b.spending.length ||
    a.chargeEndsOn.localeCompare(b.chargeEndsOn) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.allowanceId - b.allowanceId
  );
}

/** Whether the allowance's source pays for the line: its term, its spending kind, its scope. */
export function covers(allowance: UsableAllowance, line: FundingLine): boolean {
  if (allowance.termIds.length > 0) {
    if (line.termId === null || !allowance.termIds.includes(line.termId)) return false;
  }
  const spending = SPENDING_OF_FULFILLMENT[line.fulfillmentType];
  if (!spending || !allowance.spending.includes(spending)) return false;
  return allowance.scope !== 'REQUIRED_OWN_SECTIONS' || line.required;
}

/**
 * Splits an order's lines over the allowances: each line, in order, is paid by the first
 * allowances (most specific first) that cover it, each paying what it has left, until the line
 * is paid or `maxCents` is reached. Funding pays the lines' prices only: tax and shipping are
 * the student's. Pure: the preview calls it on balances read, the charge on balances read
 * under the allowances' locks.
 */
export function splitOrderLines(
  lines: readonly FundingLine[],
  allowances: readonly UsableAllowance[],
  maxCents: number | null,
): AllowanceUse[] {
  const ordered = allowances.filter((a) => a.balanceCents > 0).sort(mostSpecificFirst);
  const uses = new Map<number, AllowanceUse>();
  const left = new Map(ordered.map((a) => [a.allowanceId, a.balanceCents]));
  let capLeft = maxCents ?? Number.POSITIVE_INFINITY;
  for (const line of lines) {
    let due = line.priceCents;
    for (const allowance of ordered) {
      if (due <= 0 || capLeft <= 0) break;
      const has = left.get(allowance.allowanceId) ?? 0;
      if (has <= 0 || !covers(allowance, line)) continue;
      const cents = Math.min(due, has, capLeft);
      left.set(allowance.allowanceId, has - cents);
      due -= cents;
      capLeft -= cents;
      const use = uses.get(allowance.allowanceId) ?? { allowance, amountCents: 0, paid: [] };
      use.amountCents += cents;
      use.paid.push({ sectionId: line.sectionId, titleId: line.titleId, cents });
      uses.set(allowance.allowanceId, use);
    }
  }
  return ordered.flatMap((a) => {
    const use = uses.get(a.allowanceId);
    return use ? [use] : [];
  });
}

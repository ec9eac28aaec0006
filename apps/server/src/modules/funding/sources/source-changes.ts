import {
  FUNDING_KIND_LABELS,
  FUNDING_SCOPE_LABELS,
  UNSPENT_POLICY_LABELS,
  formatMoney,
  type FundingKind,
  type FundingScope,
  type UnspentPolicy,
} from '@csp/contracts';
import { spendingText, windowText } from './source-eligibility.ts';
import type { SourceValues } from './source-write-repository.ts';

/** A source's fields and term names, as the activity log compares them. */
export interface SourceShape extends SourceValues {
  termNames: string[];
}

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? 'no cap' : formatMoney(cents);
/**
 * Terms by their full names ("Fall 2026 - Main"): a source may list the same season of several
 * divisions, and moving it from one division's term to another's is a change the log shows.
 */
const termsText = (names: readonly string[]) =>
  names.length === 0 ? 'any term' : [...new Set(names)].join(', ');
const promotionText = (s: SourceShape) =>
  s.promoCode
    ? `${s.promoCode}, ${formatMoney(s.promoAmountCents ?? 0)} a use, at most ${s.promoUseLimit} uses`
    : 'none';

/** Each field in words, under the name the log shows it by. */
const FIELDS: [string, (s: SourceShape) => string][] = [
  ['Name', (s) => `“${s.name}”`],
  ['Kind', (s) => FUNDING_KIND_LABELS[s.kind as FundingKind] ?? s.kind],
  ['Budget', (s) => formatMoney(s.budgetCents)],
  ['Terms', (s) => termsText(s.termNames)],
  ['Charge window', (s) => windowText(s.chargeStartsOn, s.chargeEndsOn)],
  ['Per-student cap', (s) => money(s.perStudentCapCents)],
  ['Pays for', (s) => FUNDING_SCOPE_LABELS[s.scope as FundingScope] ?? s.scope],
  ['Spending', (s) => spendingText(s.spending ?? [])],
  ['Unspent balance', (s) => UNSPENT_POLICY_LABELS[s.unspentPolicy as UnspentPolicy]],
  ['Promotion', promotionText],
];

/** What a new source is, in words, for the activity log. */
export function createdSummary(s: SourceShape): string {
  const kind = FUNDING_KIND_LABELS[s.kind as FundingKind] ?? s.kind;
  return `${kind} source “${s.name}” with a budget of ${formatMoney(s.budgetCents)}, ${termsText(s.termNames)}, ${windowText(s.chargeStartsOn, s.chargeEndsOn)}`;
}

/**
 * What an edit changed, in words (e.g. "Budget $50,000.00 → $60,000.00; Per-student cap no
 * cap → $500.00"); empty when nothing did.
 */
export function changeSummary(before: SourceShape, after: SourceShape): string {
  const changes: string[] = [];
  for (const [label, text] of FIELDS) {
    const was = text(before);
    const now = text(after);
    if (was !== now) changes.push(`${label} ${was} → ${now}`);
  }
  return changes.join('; ');
}

import {
  shortTermName,
  FUNDING_SCOPE_LABELS,
  FUNDING_SPENDING,
  FUNDING_SPENDING_LABELS,
  type FundingScope,
  type FundingSpending,
} from '@csp/contracts';

/** 'YYYY-MM-DD' as the US date the store prints (MM/DD/YYYY). */
export function usDay(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

/** A charge window in words, e.g. "08/17/2026 to 09/30/2026". */
export function windowText(startsOn: string, endsOn: string): string {
  return `${usDay(startsOn)} to ${usDay(endsOn)}`;
}

/** Spending kinds in their fixed order, in words ("new, used, rental"). */
export function spendingText(spending: readonly string[]): string {
  return FUNDING_SPENDING.filter((s) => spending.includes(s))
    .map((s: FundingSpending) => FUNDING_SPENDING_LABELS[s].toLowerCase())
    .join(', ');
}

/**
 * A source's terms as a student reads them: short names, each once ("Fall 2026", not "Fall
 * 2026, Fall 2026" for a source listing the fall term of three divisions), in the order given.
 */
export function shortTermNames(fullNames: readonly string[]): string[] {
  return [...new Set(fullNames.map(shortTermName))];
}

/**
 * What a source pays for, in words, as a student, a clerk and a voucher read it: e.g.
 * "Required materials of the student's own sections: new, used, rental; Fall 2026 only".
 */
export function eligibilityText(
  scope: string,
  spending: readonly string[],
  termNames: readonly string[],
): string {
  const what = FUNDING_SCOPE_LABELS[scope as FundingScope] ?? scope;
  const terms = termNames.length === 0 ? 'any term' : `${termNames.join(', ')} only`;
  return `${what}: ${spendingText(spending)}; ${terms}`;
}

import { MAX_ALLOWANCE_CENTS, formatMoney } from '@csp/contracts';

/** Why an Amount cell is refused, as the report shows it. */
export const AMOUNT_MESSAGES = {
  notAnAmount: 'Enter the amount in dollars, with at most two decimals (e.g. 125.50).',
  notPositive: 'The amount must be more than zero.',
  tooLarge: `One allowance may be at most ${formatMoney(MAX_ALLOWANCE_CENTS)}.`,
} as const;

/** Dollars as people type them: "125", "125.5", "125.50", "$1,250.00" (thousands grouped by 3). */
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An allowance file's Amount cell in whole cents, or why it cannot be one: not an amount (letters,
 * three decimals, a sign), not more than zero, over the largest allowance.
 */
export function parseAmount(
  text: string,
): { cents: number } | { message: (typeof AMOUNT_MESSAGES)[keyof typeof AMOUNT_MESSAGES] } {
  const trimmed = text.trim();
  if (/^-\s*\$?\s*\d/.test(trimmed)) return { message: AMOUNT_MESSAGES.notPositive };
  const match = DOLLARS.exec(trimmed);
  if (!match) return { message: AMOUNT_MESSAGES.notAnAmount };
  const dollars = (match[1] ?? '').replace(/,/g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  // Digits only, so no float rounding; a long run of digits is simply too large.
  if (dollars.replace(/^0+/, '').length > 9) return { message: AMOUNT_MESSAGES.tooLarge };
  const cents = Number(dollars) * 100 + Number(fraction);
  if (cents <= 0) return { message: AMOUNT_MESSAGES.notPositive };
  if (cents > MAX_ALLOWANCE_CENTS) return { message: AMOUNT_MESSAGES.tooLarge };
  return { cents };
}

import { z } from 'zod';
import { formatMoney } from '@csp/contracts';
import { parseDollars } from '../../lib/money.ts';

const AMOUNT_HINT = 'Enter an amount in dollars, e.g. 250.00.';

/** A dollars field read as cents, at most `max`; empty is the `required` message. */
export function dollars(max: number, required: string) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const cents = parseDollars(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_HINT });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${formatMoney(max)}` });
      return z.NEVER;
    }
    return cents;
  });
}

/** The same, where empty means none (null). */
export const optionalDollars = (max: number) =>
  z.string().transform((text, ctx): number | null => {
    if (text.trim() === '') return null;
    const cents = parseDollars(text);
    if (cents === null || cents > max) {
      ctx.addIssue({
        code: 'custom',
        message: cents === null ? AMOUNT_HINT : `must be at most ${formatMoney(max)}`,
      });
      return z.NEVER;
    }
    return cents;
  });

import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_COST_GAP_THRESHOLD_CENTS,
  DEFAULT_LTC_THRESHOLD_CENTS,
  DEFAULT_PRICE_CHANGE_PERCENT,
  MAX_COST_THRESHOLD_CENTS,
  formatMoney,
  storeSettings,
  type StoreSettings,
} from '@csp/contracts';
import { parseDollars } from '../../../lib/money.ts';

/** The Store section as typed: the tax rate and the domains as text. */
export interface StoreSectionValues {
  name: string;
  mailSenderName: string;
  taxRatePercent: string;
  allowSubmittersToSelectPrintOnly: boolean;
  priceChangePercent: string;
  /** The cost thresholds typed in dollars ("40" or "$40.00"), saved as cents. */
  ltcThresholdCents: string;
  costGapThresholdCents: string;
  libraryLicensedIsZero: boolean;
  courseMaterialsEmail: string;
  emailDomains: string;
}

const S = storeSettings.shape;

const percent = z
  .string()
  .transform((text, ctx) => {
    const plain = text.trim().replace(/%$/, '').trim();
    if (plain === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter the tax rate, e.g. 6.25.' });
      return z.NEVER;
    }
    if (!/^\d+(\.\d*)?$|^\.\d+$/.test(plain)) {
      ctx.addIssue({ code: 'custom', message: 'must be a number like 6.25' });
      return z.NEVER;
    }
    return Number(plain);
  })
  .pipe(S.taxRatePercent);

/** The price-change threshold typed as whole percent ("15" or "15 %"). */
const wholePercent = z
  .string()
  .transform((text, ctx) => {
    const plain = text.trim().replace(/%$/, '').trim();
    if (!/^\d+(\.\d+)?$/.test(plain)) {
      ctx.addIssue({ code: 'custom', message: 'Enter the price change in percent, e.g. 10.' });
      return z.NEVER;
    }
    return Number(plain);
  })
  .pipe(S.priceChangePercent.unwrap());

/** A cost threshold typed in dollars, as the contract's cents. */
const dollarsAsCents = (threshold: typeof S.ltcThresholdCents) =>
  z
    .string()
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, e.g. 40.00.' });
        return z.NEVER;
      }
      // Said in dollars, as typed (the contract's own message counts cents).
      if (cents > MAX_COST_THRESHOLD_CENTS) {
        ctx.addIssue({
          code: 'custom',
          message: `Enter at most ${formatMoney(MAX_COST_THRESHOLD_CENTS)}.`,
        });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(threshold.unwrap());

/** Domains typed as a list: commas, spaces or new lines between them. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

// The contract checks each domain; a bad one is named in the message, under the one field.
const domains = z.string().transform((text, ctx) => {
  const list = splitDomains(text);
  const checked = S.emailDomains.safeParse(list);
  if (checked.success) return checked.data;
  const [issue] = checked.error.issues;
  const index = issue?.path[0];
  const named = typeof index === 'number' ? `${list[index]} ` : '';
  ctx.addIssue({ code: 'custom', message: `${named}${issue?.message ?? 'is not valid'}` });
  return z.NEVER;
});

/** The contract's own rules and messages, with the typed text read first. */
const storeSectionSchema = z.object({
  name: S.name,
  mailSenderName: S.mailSenderName,
  taxRatePercent: percent,
  allowSubmittersToSelectPrintOnly: z.boolean(),
  priceChangePercent: wholePercent,
  ltcThresholdCents: dollarsAsCents(S.ltcThresholdCents),
  costGapThresholdCents: dollarsAsCents(S.costGapThresholdCents),
  libraryLicensedIsZero: z.boolean(),
  courseMaterialsEmail: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(S.courseMaterialsEmail),
  emailDomains: domains,
});
export type StoreSectionOutput = z.output<typeof storeSectionSchema>;
/** The form's values as react-hook-form holds them (the schema's input). */
export type StoreSectionInput = z.input<typeof storeSectionSchema>;

export const storeSectionResolver = zodResolver(storeSectionSchema);

/** Cents as the field shows them: 4000 -> "40.00". */
const asDollars = (cents: number) => (cents / 100).toFixed(2);

export function storeSectionValues(settings: StoreSettings): StoreSectionValues {
  return {
    name: settings.name,
    mailSenderName: settings.mailSenderName ?? '',
    taxRatePercent: settings.taxRatePercent.toFixed(2),
    allowSubmittersToSelectPrintOnly: settings.allowSubmittersToSelectPrintOnly,
    priceChangePercent: String(settings.priceChangePercent ?? DEFAULT_PRICE_CHANGE_PERCENT),
    ltcThresholdCents: asDollars(settings.ltcThresholdCents ?? DEFAULT_LTC_THRESHOLD_CENTS),
    costGapThresholdCents: asDollars(
      settings.costGapThresholdCents ?? DEFAULT_COST_GAP_THRESHOLD_CENTS,
    ),
    libraryLicensedIsZero: settings.libraryLicensedIsZero ?? true,
    courseMaterialsEmail: settings.courseMaterialsEmail ?? '',
    emailDomains: settings.emailDomains.join(', '),
  };
}

export const storeSectionPart = (output: StoreSectionOutput): Partial<StoreSettings> => output;

const FIELDS = new Set<string>(Object.keys(storeSectionSchema.shape));

/** "emailDomains.1" is the domains field; "name" the name. */
export function storeSectionField(path: string): keyof StoreSectionValues | null {
  const [first = ''] = path.split('.');
  return FIELDS.has(first) ? (first as keyof StoreSectionValues) : null;
}

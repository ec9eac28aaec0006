import { z } from 'zod';
import {
  MAX_TITLE_PRICE_CENTS,
  formatMoney,
  titleKindInput,
  type MaterialKind,
  type TitleDTO,
} from '@csp/contracts';
import { parseDollars } from '../../../lib/money.ts';

/** A price typed in dollars, as cents; empty: not offered that way (null). */
const price = z.string().transform((text, ctx): number | null => {
  if (text.trim() === '') return null;
  const cents = parseDollars(text);
  if (cents === null || cents > MAX_TITLE_PRICE_CENTS) {
    ctx.addIssue({
      code: 'custom',
      message:
        cents === null
          ? 'Enter a price in dollars, e.g. 49.95, or leave it empty.'
          : `must be at most ${formatMoney(MAX_TITLE_PRICE_CENTS)}`,
    });
    return z.NEVER;
  }
  return cents;
});

/**
 * The Edit title form: the text the team types (prices in dollars), turned into the contract's
 * body and checked by the contract's own rules (an OER's licence and address, a library
 * e-book's link), so each rule is written once, in packages/contracts.
 */
export function titleFormSchema(titleId: number) {
  return z
    .object({
      materialKind: z.string(),
      licence: z.string(),
      accessUrl: z.string(),
      newPrice: price,
      usedPrice: price,
      rentalPrice: price,
      digitalPrice: price,
    })
    .transform((v): z.input<typeof titleKindInput> => ({
      titleId,
      materialKind: v.materialKind as MaterialKind,
      licence: v.licence,
      accessUrl: v.accessUrl,
      prices: {
        newCents: v.newPrice,
        usedCents: v.usedPrice,
        rentalCents: v.rentalPrice,
        digitalCents: v.digitalPrice,
      },
    }))
    .pipe(titleKindInput);
}
export type TitleFormValues = z.input<ReturnType<typeof titleFormSchema>>;
export type TitleFormOutput = z.output<ReturnType<typeof titleFormSchema>>;

const dollarsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** The form's fields as the title has them. */
export function titleFormDefaults(title: TitleDTO): TitleFormValues {
  return {
    materialKind: title.materialKind,
    licence: title.licence ?? '',
    accessUrl: title.accessUrl ?? '',
    newPrice: dollarsText(title.prices.newCents),
    usedPrice: dollarsText(title.prices.usedCents),
    rentalPrice: dollarsText(title.prices.rentalCents),
    digitalPrice: dollarsText(title.prices.digitalCents),
  };
}

/**
 * Where the contract's error paths land in the form (`prices.usedCents` is the Used price
 * field): a server's 400 and the schema's own issues name the same fields.
 */
export const FORM_FIELD_OF: Record<string, keyof TitleFormValues> = {
  materialKind: 'materialKind',
  licence: 'licence',
  accessUrl: 'accessUrl',
  'prices.newCents': 'newPrice',
  'prices.usedCents': 'usedPrice',
  'prices.rentalCents': 'rentalPrice',
  'prices.digitalCents': 'digitalPrice',
};

import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Path } from 'react-hook-form';
import { formatMoney, shippingMethod, storeSettings, type StoreSettings } from '@csp/contracts';
import { parseDollars } from '../../../lib/money.ts';

/** One method as typed: its price in dollars, sent as cents. */
export interface MethodValues {
  code: string;
  name: string;
  priceCents: string;
  shipsToAddress: boolean;
}

export interface ShippingValues {
  shippingMethods: MethodValues[];
}

/** The contract's most methods a store may have. */
export const MOST_METHODS = 10;
const MOST_CENTS = 100_000;
const M = shippingMethod.shape;

const price = z.string().transform((text, ctx) => {
  if (text.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'Enter the price, e.g. 7.95 (0 when free).' });
    return z.NEVER;
  }
  const cents = parseDollars(text);
  if (cents === null || cents > MOST_CENTS) {
    const message =
      cents === null
        ? 'Enter an amount in dollars, e.g. 7.95.'
        : `must be at most ${formatMoney(MOST_CENTS)}`;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return cents;
});

const method = z.object({
  // Codes are capitals: what is typed in lower case is taken as meant.
  code: z
    .string()
    .transform((text) => text.trim().toUpperCase())
    .pipe(M.code),
  name: M.name,
  priceCents: price.pipe(M.priceCents),
  shipsToAddress: z.boolean(),
});

const shippingSectionSchema = z.object({
  shippingMethods: z
    .array(method)
    .max(MOST_METHODS, `must be at most ${MOST_METHODS} methods`)
    .superRefine((methods, ctx) => {
      const seen = new Set<string>();
      methods.forEach((m, index) => {
        if (seen.has(m.code)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'code'],
            message: 'must not name a code twice',
          });
        }
        seen.add(m.code);
      });
    })
    .pipe(storeSettings.shape.shippingMethods),
});
export type ShippingOutput = z.output<typeof shippingSectionSchema>;

export const shippingResolver = zodResolver(shippingSectionSchema);

export const NEW_METHOD: MethodValues = {
  code: '',
  name: '',
  priceCents: '',
  shipsToAddress: true,
};

export function shippingValues(settings: StoreSettings): ShippingValues {
  return {
    shippingMethods: settings.shippingMethods.map((m) => ({
      code: m.code,
      name: m.name,
      priceCents: (m.priceCents / 100).toFixed(2),
      shipsToAddress: m.shipsToAddress,
    })),
  };
}

export const shippingPart = (output: ShippingOutput): Partial<StoreSettings> => output;

const METHOD_FIELDS = new Set(Object.keys(NEW_METHOD));

/** "shippingMethods.2.code" is the third row's code; "shippingMethods" alone is no one field. */
export function shippingField(path: string): Path<ShippingValues> | null {
  const [list, index, field] = path.split('.');
  if (list !== 'shippingMethods' || !/^\d+$/.test(index ?? '') || !METHOD_FIELDS.has(field ?? '')) {
    return null;
  }
  return path as Path<ShippingValues>;
}

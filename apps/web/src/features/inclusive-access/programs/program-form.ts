import { z } from 'zod';
import { IA_MODELS, type IaProgramBody, type IaProgramEditor } from '@csp/contracts';
import { parseDollars } from '../../../lib/money.ts';
import { PROGRAM_TEXT as T } from './program-text.ts';

/** The editor's form: the model, and per offered material whether it is in and its price. */
export const programSchema = z.object({
  model: z.enum(IA_MODELS),
  materials: z.array(
    z
      .object({ adoptionMaterialId: z.number(), included: z.boolean(), price: z.string() })
      .superRefine((m, ctx) => {
        const cents = parseDollars(m.price);
        if (m.included && (cents === null || cents <= 0)) {
          ctx.addIssue({ code: 'custom', path: ['price'], message: T.priceInvalid });
        }
      }),
  ),
});
export type ProgramValues = z.infer<typeof programSchema>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The form's values for the editor's answer: a material not in it offers its suggested price. */
export function programValues(editor: IaProgramEditor): ProgramValues {
  return {
    model: editor.model,
    materials: editor.materials.map((m) => ({
      adoptionMaterialId: m.adoptionMaterialId,
      included: m.priceCents !== null,
      price:
        m.priceCents !== null
          ? dollars(m.priceCents)
          : m.suggestedPriceCents
            ? dollars(m.suggestedPriceCents)
            : '',
    })),
  };
}

/** What the save sends: the ticked materials with their prices in cents. */
export function programBody(values: ProgramValues): IaProgramBody {
  return {
    model: values.model,
    materials: values.materials
      .filter((m) => m.included)
      .map((m) => ({
        adoptionMaterialId: m.adoptionMaterialId,
        priceCents: parseDollars(m.price)!,
      })),
  };
}

import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, withoutNul } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { titleDTO } from './adoption-materials.ts';
import { MATERIAL_KINDS, type MaterialKind } from './cost-transparency.ts';

/**
 * Material kinds on titles and adoptions (issue 31, point 1): the course materials team sets a
 * title's kind, licence, address and prices; an adoption follows its title's kind unless the
 * adopter chose another.
 */

/** What a material is when nothing says otherwise: a proposed title, an unmarked title. */
export const DEFAULT_MATERIAL_KIND: MaterialKind = 'COMMERCIAL_PRINT';

/**
 * The kind an adoption has: its own choice, else inclusive access when the adopter answered
 * "Inclusive access?" yes (billed through the student's account), else its title's (a proposed
 * title has none). Migration 0039's `section_cost` prices a material by the same rule (a test in
 * apps/server/src/modules/adoption/costs/section-costs.test.ts holds the two to each other).
 */
export function effectiveMaterialKind(
  own: MaterialKind | null,
  ia: boolean,
  titleKind: MaterialKind | null,
): MaterialKind {
  return own ?? (ia ? 'INCLUSIVE_ACCESS' : (titleKind ?? DEFAULT_MATERIAL_KIND));
}

/**
 * What an adoption stores for the kind chosen: null when it is the kind the adoption has without
 * a choice (effectiveMaterialKind), so that a title the team marks OER later turns its adoptions
 * OER too. A proposed title has no kind to follow yet (`titleKind` null): a kind chosen for it is
 * kept, or linking it later to a catalog title of another kind would lose the choice.
 */
export function storedMaterialKind(
  chosen: MaterialKind,
  ia: boolean,
  titleKind: MaterialKind | null,
): MaterialKind | null {
  if (titleKind === null) return chosen;
  return chosen === effectiveMaterialKind(null, ia, titleKind) ? null : chosen;
}

/**
 * The wizard's "Inclusive access?" and its kind are one fact on screen (issue 31): yes is the
 * kind Inclusive access. Answering yes chooses that kind; answering no gives back the title's
 * own kind (commercial print when the title's own is inclusive access); choosing Inclusive
 * access answers yes, and another kind answers no. `changed` is the field the adopter set.
 */
export function inclusiveAccessInStep(
  answers: { ia: boolean; materialKind: MaterialKind },
  changed: 'ia' | 'materialKind',
  titleKind: MaterialKind | null,
): { ia: boolean; materialKind: MaterialKind } {
  const { ia, materialKind } = answers;
  if (changed === 'materialKind') return { ia: materialKind === 'INCLUSIVE_ACCESS', materialKind };
  if (ia) return { ia, materialKind: 'INCLUSIVE_ACCESS' };
  if (materialKind !== 'INCLUSIVE_ACCESS') return answers;
  const own = titleKind ?? DEFAULT_MATERIAL_KIND;
  return { ia, materialKind: own === 'INCLUSIVE_ACCESS' ? DEFAULT_MATERIAL_KIND : own };
}

/**
 * The words feeds use for each kind (issue 31), lower case with single spaces: a distributor's
 * products file and a store's adoption history say "OER", "open", "library", "IA", "print".
 */
const MATERIAL_KIND_WORDS: Readonly<Record<string, MaterialKind>> = {
  'commercial print': 'COMMERCIAL_PRINT',
  print: 'COMMERCIAL_PRINT',
  commercial: 'COMMERCIAL_PRINT',
  'commercial digital': 'COMMERCIAL_DIGITAL',
  digital: 'COMMERCIAL_DIGITAL',
  ebook: 'COMMERCIAL_DIGITAL',
  'e book': 'COMMERCIAL_DIGITAL',
  'inclusive access': 'INCLUSIVE_ACCESS',
  ia: 'INCLUSIVE_ACCESS',
  oer: 'OER',
  open: 'OER',
  'open access': 'OER',
  'open educational resource': 'OER',
  library: 'LIBRARY_LICENSED',
  'library licensed': 'LIBRARY_LICENSED',
  'library licenced': 'LIBRARY_LICENSED',
  free: 'FREE',
  'free to students': 'FREE',
};

/** The words a feed's kind column takes, for the message that refuses another. */
export const MATERIAL_KIND_FEED_WORDS =
  'print, digital, inclusive access (IA), OER (open), library, free';

/**
 * A kind as a feed writes it (any case; spaces, hyphens or underscores between words; the
 * codes themselves too), or null when it is none of them.
 */
export function materialKindFromText(raw: string): MaterialKind | null {
  const word = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return MATERIAL_KIND_WORDS[word] ?? null;
}

/** The kinds whose title must say where to read it (an OER also needs its licence). */
export const KINDS_WITH_ACCESS_URL: readonly MaterialKind[] = ['OER', 'LIBRARY_LICENSED'];

/** A price above this ($100,000) is a typing slip, not a textbook. */
export const MAX_TITLE_PRICE_CENTS = 10_000_000;
export const MAX_LICENCE_LENGTH = 200;
export const MAX_ACCESS_URL_LENGTH = 1000;

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\.[^\s]+$/i;

export const materialKind = z.enum(MATERIAL_KINDS, {
  error: `must be one of ${MATERIAL_KINDS.join(', ')}`,
});

const priceCents = z
  .number({ error: 'must be a price in cents, or null when not offered that way' })
  .int('must be a whole number of cents')
  .min(0, 'must be 0 or more cents')
  .max(MAX_TITLE_PRICE_CENTS, `must be at most ${MAX_TITLE_PRICE_CENTS} cents`)
  .nullable();

/** The prices as the team sets them (titleDTO's `prices`). */
export const titlePricesInput = z.object({
  newCents: priceCents,
  usedCents: priceCents,
  rentalCents: priceCents,
  digitalCents: priceCents,
});

const text = (max: number) =>
  withoutNul(z.string().trim().max(max, `must be at most ${max} characters`));

/** An empty text is no value (a cleared field of the form): null. */
const orNull = <T extends z.ZodType<string>>(schema: T) =>
  schema.nullable().transform((v) => (v ? v : null));

/** What the course materials team sets on a title; the kind's needs are checked here, once. */
export const titleKindInput = z
  .object({
    titleId: dbId,
    materialKind,
    licence: orNull(text(MAX_LICENCE_LENGTH)),
    accessUrl: orNull(
      text(MAX_ACCESS_URL_LENGTH).refine(
        (v) => v === '' || WEB_ADDRESS.test(v),
        'must be a web address starting with http:// or https://',
      ),
    ),
    prices: titlePricesInput,
  })
  .superRefine((t, ctx) => {
    if (KINDS_WITH_ACCESS_URL.includes(t.materialKind) && t.accessUrl === null) {
      const what = t.materialKind === 'OER' ? 'the resource' : "the library's link";
      ctx.addIssue({ code: 'custom', path: ['accessUrl'], message: `Enter ${what} address.` });
    }
    if (t.materialKind === 'OER' && t.licence === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['licence'],
        message: 'Enter the licence (for example CC BY 4.0).',
      });
    }
  });
export type TitleKindInput = z.input<typeof titleKindInput>;

export const updateTitleKind = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/updateTitleKind`,
  summary:
    "Sets a store title's material kind, licence, address and prices (new, used, rental, digital); for the course materials team store-wide; another store's title is 404",
  auth: true,
  // Titles are the store's, shared by every catalog: the course materials team's action, held
  // store-wide (a member limited to some departments would change the titles of all of them).
  access: { kind: 'action', anyOf: ['ADOPT_CMA_TEAM'], held: 'storeWide', scope: 'store' },
  params: adoptionAccountParams,
  body: titleKindInput,
  response: z.object({ titleDTO }),
});

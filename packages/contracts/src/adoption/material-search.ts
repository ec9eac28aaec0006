import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbId, withoutNul } from '../common/errors.ts';
import { isValidIsbn10, isValidIsbn13 } from '../common/isbn.ts';
import { pageNumber, pageSize } from '../common/paging.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { optionalText } from '../common/filters.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { calendarDay } from './course-catalog.ts';
import { titleDTO } from './adoption-materials.ts';

/** docs/behaviour/validation.md: a search string containing digits has its hyphens removed; every one is trimmed. */
export function cleanMaterialSearch(input: string): string {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  return /\d/.test(trimmed) ? trimmed.replace(/-/g, '') : trimmed;
}

/**
 * What a search string that looks like an ISBN says is wrong with it, or null when it is a
 * valid ISBN or not an ISBN attempt at all (words, a course pack number). Only digits (an
 * ISBN-10 may end in X), 9 to 14 of them, count as an attempt: a 12-digit string is an
 * ISBN-13 with a digit missing far more often than anything else.
 */
export function isbnProblem(cleaned: string): string | null {
  const compact = cleaned.replace(/\s/g, '').toUpperCase();
  if (!/^\d{8,13}[\dX]$/.test(compact)) return null;
  if (compact.length === 13) {
    return isValidIsbn13(compact)
      ? null
      : `${compact} is not a valid ISBN-13: its check digit is wrong. Check for a mistyped digit.`;
  }
  if (compact.length === 10) {
    return isValidIsbn10(compact)
      ? null
      : `${compact} is not a valid ISBN-10: its check digit is wrong. Check for a mistyped digit.`;
  }
  return `${compact} has ${compact.length} characters: an ISBN has 10 or 13.`;
}

/** Where a search result comes from: the store's own titles, or the distributor's catalog. */
export const MATERIAL_SOURCES = ['CATALOG', 'EXTERNAL'] as const;
export type MaterialSource = (typeof MATERIAL_SOURCES)[number];

/**
 * One search result. A CATALOG result is a store title (`titleId`); an EXTERNAL one is a
 * product of the distributor's catalog (`externalProductId`) that `createTitle` turns into a
 * store title before it is adopted (docs/behaviour/flows.md#create-edit-and-link Create).
 */
export const materialSearchResult = titleDTO.omit({ id: true }).extend({
  source: z.enum(MATERIAL_SOURCES),
  titleId: z.number().int().nullable(),
  externalProductId: z.number().int().nullable(),
  publishDate: z.string().nullable(),
  /** How well it matched, 0..1 (ISBN matches are 1); results come best first. */
  rank: z.number(),
});
export type MaterialSearchResult = z.infer<typeof materialSearchResult>;

/** The longest search string; words past it add nothing a clerk would notice. */
export const MATERIAL_SEARCH_MAX_LENGTH = 200;
export const MATERIAL_SEARCH_PAGE_SIZE = 20;

export const materialSearchQuery = z
  .object({
    searchString: withoutNul(
      z
        .string({ error: 'Enter an ISBN, or words of the title or the author.' })
        .max(
          MATERIAL_SEARCH_MAX_LENGTH,
          `must be at most ${MATERIAL_SEARCH_MAX_LENGTH} characters`,
        ),
    )
      .transform(cleanMaterialSearch)
      .refine(
        (s) => s.length >= 2,
        'Enter at least 2 characters: an ISBN, or words of the title or the author.',
      )
      .superRefine((s, ctx) => {
        const problem = isbnProblem(s);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    edition: optionalText(50),
    publisher: optionalText(100),
    publishStartDate: calendarDay.optional(),
    publishEndDate: calendarDay.optional(),
    page: pageNumber.max(50, 'must be at most 50: narrow the search instead').default(1),
    pageSize: pageSize.default(MATERIAL_SEARCH_PAGE_SIZE),
  })
  .refine(
    (q) => !q.publishStartDate || !q.publishEndDate || q.publishStartDate <= q.publishEndDate,
    { message: 'must be on or after the publish start date', path: ['publishEndDate'] },
  );
export type MaterialSearchQuery = z.input<typeof materialSearchQuery>;

export const searchMaterials = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/material/search`,
  summary:
    "Finds materials by ISBN-13, ISBN-10, digital ISBN, words of the title or the author (typo-tolerant, ranked, paged) among the store's titles and the distributor's catalog; catalog products the store already has are left out",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  query: materialSearchQuery,
  response: z.object({
    materials: z.array(materialSearchResult),
    /** Results over all pages, at most MATERIAL_SEARCH_MAX_RESULTS. */
    recordCount: z.number().int().min(0),
    /** True when the search matched an ISBN exactly (the results are that book). */
    isbnMatch: z.boolean(),
  }),
});

/** A search ranks at most this many results; past it, narrow the search. */
export const MATERIAL_SEARCH_MAX_RESULTS = 500;

export const createTitle = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/createTitle`,
  summary:
    "Adds distributor catalog products to the store's titles (by product id); a product the store already has answers its existing title",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  body: z.object({
    externalProductIdList: z
      .array(dbId)
      .min(1, 'must name at least one product')
      .max(50, 'can add at most 50 products at once'),
  }),
  response: z.object({ titleDTOList: z.array(titleDTO) }),
});

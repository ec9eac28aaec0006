import { z } from 'zod';

/** docs/behaviour/constants.md: catalog and section pages hold 20 rows. */
export const DEFAULT_PAGE_SIZE = 20;
/** No list answers more rows than this in one page, whatever the client asks. */
export const MAX_PAGE_SIZE = 100;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** 'asc' or 'desc', in any case (clients send ASC as often as asc). */
export const sortDirection = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(SORT_DIRECTIONS, { error: 'must be asc or desc' }));

/** A 1-based page number; query strings arrive as text. */
export const pageNumber = z.coerce
  .number({ error: 'must be a page number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(1_000_000, 'is too large');

/** Rows per page, at most MAX_PAGE_SIZE. */
export const pageSize = z.coerce
  .number({ error: 'must be a number of rows' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`);

/**
 * The paging and sorting fields every list endpoint takes: a page, its size (named as the
 * endpoint's spec names it, e.g. `coursesPerPage`), a sort field from an allowed list, and a
 * direction, each with its default. Spread them into the endpoint's body or query object.
 */
export function pagingFields<
  const F extends readonly [string, ...string[]],
  const K extends string = 'pageSize',
>(options: {
  sortFields: F;
  defaultSort: F[number];
  defaultDirection: SortDirection;
  sizeKey?: K;
  defaultPageSize?: number;
}) {
  const sizeKey = (options.sizeKey ?? 'pageSize') as K;
  return {
    page: pageNumber.default(1),
    [sizeKey]: pageSize.default(options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    sortField: z
      .enum(options.sortFields, { error: `must be one of ${options.sortFields.join(', ')}` })
      .default(options.defaultSort as F[number] & Exclude<F[number], undefined>),
    sortDirection: sortDirection.default(options.defaultDirection),
  } as {
    page: z.ZodDefault<typeof pageNumber>;
    sortField: z.ZodDefault<z.ZodEnum<{ [V in F[number]]: V }>>;
    sortDirection: z.ZodDefault<typeof sortDirection>;
  } & { [P in K]: z.ZodDefault<typeof pageSize> };
}

/**
 * One page of a list: its rows under the endpoint's own name (e.g. `courseDTOList`) and the
 * number of rows over all pages.
 */
export function pagedResponse<const K extends string, T extends z.ZodType>(listKey: K, row: T) {
  return z.object({
    [listKey]: z.array(row),
    recordCount: z.number().int().min(0),
  } as { [P in K]: z.ZodArray<T> } & { recordCount: z.ZodNumber });
}

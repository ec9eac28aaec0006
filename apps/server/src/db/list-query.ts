import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@csp/contracts';

/** What a list endpoint was asked for, after its contract applied the defaults. */
export interface PageRequest<F extends string> {
  page: number;
  pageSize: number;
  sortField: F;
  sortDirection: SortDirection;
}

/** One page of rows and the number of rows over all pages. */
export interface Page<R> {
  rows: R[];
  recordCount: number;
}

/**
 * Selected beside a list's own columns: the number of rows the filters match before the page
 * is cut, counted by PostgreSQL in the same statement (one round trip for rows and total).
 */
export function totalRows(): SQL.Aliased<number> {
  return sql<number>`count(*) over ()`.mapWith(Number).as('total_rows');
}

/**
 * Sorts and cuts a list query. `sortColumns` is the whitelist: its keys are the contract's sort
 * fields, so a field the client made up never reaches SQL. The `tiebreaker` (a unique column)
 * keeps pages stable when sort values repeat, so no row shows on two pages or none.
 */
export function sortAndPage<Q extends PgSelect, F extends string>(
  query: Q,
  sortColumns: Record<F, AnyColumn | SQL>,
  tiebreaker: AnyColumn,
  request: PageRequest<F>,
): Q {
  const direction = request.sortDirection === 'desc' ? desc : asc;
  return query
    .orderBy(direction(sortColumns[request.sortField]), asc(tiebreaker))
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize);
}

/**
 * The page from rows that carry `totalRows`. A page past the end has no row to carry the total:
 * only then is `countAll` asked (a second round trip, for a page nobody should be on).
 */
export async function toPage<R extends { totalRows: number }>(
  rows: R[],
  countAll: () => Promise<number>,
): Promise<Page<Omit<R, 'totalRows'>>> {
  const first = rows[0];
  const recordCount = first ? first.totalRows : await countAll();
  return { rows: rows.map(({ totalRows: _total, ...row }) => row), recordCount };
}

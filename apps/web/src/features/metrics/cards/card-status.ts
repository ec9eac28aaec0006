import { ApiRequestError } from '../../../lib/api-client.ts';

/** Where a card stands, from the one or two queries behind it. */
export type CardStatus =
  | { kind: 'loading' }
  | {
      kind: 'error';
      /** The server's refusal (a 4xx) in its own words: retrying would not change it. */
      refused: string | null;
      retry: () => void;
    }
  | { kind: 'ready' };

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  /** True while a retry is on its way (the error stays set until it answers). */
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A failure wins over loading, so a card whose first call failed says so at once; its retry
 * asks again only what failed, and while it is asked the card shows it loading (an error left
 * on screen would look as if Retry did nothing).
 */
export function cardStatus(queries: readonly QueryLike[]): CardStatus {
  if (queries.some((q) => q.isError && q.isFetching)) return { kind: 'loading' };
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0) {
    const refusal = failed
      .map((q) => q.error)
      .find((e) => e instanceof ApiRequestError && e.status >= 400 && e.status < 500);
    return {
      kind: 'error',
      refused: refusal?.message ?? null,
      retry: () => failed.forEach((q) => void q.refetch()),
    };
  }
  return queries.some((q) => q.isPending) ? { kind: 'loading' } : { kind: 'ready' };
}

/** A signed-in caller of the benchmarked app: the store's host, the session token, the account. */
export interface Caller {
  host: string;
  token: string;
  accountId: number;
}

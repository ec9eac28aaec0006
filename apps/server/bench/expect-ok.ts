/** Fails the bench run on an answer that is not 200, naming the call. */
export function expectOk(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
}

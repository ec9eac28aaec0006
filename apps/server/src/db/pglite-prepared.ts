import { PGlite } from '@electric-sql/pglite';
import { Placeholder } from 'drizzle-orm';

/**
 * Prepared statements on the embedded database. PGlite sends every query as an unnamed
 * statement, so PostgreSQL plans it on every call even when drizzle "prepares" it; for the
 * session check, which every signed-in call runs, that planning was about 1.5 ms of each call.
 * Here the statement is PREPAREd once per PGlite instance under its name and run with EXECUTE,
 * its values written as literals (integers, booleans and strings, quoted as the SQL standard says:
 * PGlite keeps standard_conforming_strings on).
 */

/** Whether the drizzle handle runs on PGlite (the embedded engine). */
export function isPglite(db: object): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** Who hears of each statement sent on a PGlite instance (the drizzle logger's listener). */
const listeners = new WeakMap<PGlite, (text: string, params: unknown[]) => void>();

/** The statements run here are reported to `listener`, as drizzle reports its own. */
export function reportPreparedStatements(
  client: PGlite,
  listener: ((text: string, params: unknown[]) => void) | undefined,
): void {
  // A test's PGlite serves one suite after another: the previous suite's listener goes.
  if (listener) listeners.set(client, listener);
  else listeners.delete(client);
}

/** Names already PREPAREd on each PGlite instance (one instance may back several handles). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

function literal(value: unknown, name: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\u0000')) {
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(
    `prepared statement value ${name}: an integer, a boolean or a string was expected`,
  );
}

/**
 * `query` (its values placeholders, or integer, boolean and string constants) as a statement
 * PREPAREd on the handle's PGlite under `name`; `execute` runs it with the placeholders' values
 * and maps each row (an array of the selected columns, in order) with `toRow`.
 */
export function pgliteStatement<T>(
  db: object,
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
  toRow: (columns: unknown[]) => T,
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  const client = (db as unknown as { $client: PGlite }).$client;
  const { sql: text, params } = query.toSQL();
  // Each value is a placeholder's, bound per call, or a constant of the query (a limit, a flag).
  const values = params.map((param, i): ((bound: Record<string, unknown>) => string) => {
    if (param instanceof Placeholder) return (bound) => literal(bound[param.name], param.name);
    const fixed = literal(param, `${name} $${i + 1}`);
    return () => fixed;
  });
  return {
    async execute(bound) {
      let prepared = preparedOn.get(client);
      if (!prepared) preparedOn.set(client, (prepared = new Map()));
      let ready = prepared.get(name);
      if (!ready) {
        ready = client.exec(`prepare ${name} as ${text}`);
        prepared.set(name, ready);
        // A failed PREPARE is tried again by the next call.
        ready.catch(() => prepared.delete(name));
      }
      await ready;
      const statement = `execute ${name}(${values.map((value) => value(bound)).join(', ')})`;
      listeners.get(client)?.(statement, []);
      const result = await client.query<unknown[]>(statement, [], { rowMode: 'array' });
      return result.rows.map(toRow);
    },
  };
}

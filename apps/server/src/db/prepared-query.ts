import type { Db } from './client.ts';

/**
 * A drizzle query built once per database handle, its values placeholders, and run by `name`.
 * drizzle rebuilds a query's text on every call (about 0.35 ms for a select of three whole
 * tables, measured on the course detail's adoptions), which was most of what a small call added
 * to its own SQL; on PostgreSQL the named statement is also parsed once per connection. Only for
 * queries whose plan does not depend on the values (lookups by key): PostgreSQL may switch a
 * named statement to a generic plan after five runs. See
 * docs/adr/0054-remembered-session-tokens-and-prepared-hot-statements.md.
 */
export function preparedQuery<P>(
  name: string,
  build: (db: Db) => { prepare(name: string): P },
): (db: Db) => P {
  const prepared = new WeakMap<Db, P>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) prepared.set(db, (query = build(db).prepare(name)));
    return query;
  };
}

import { sql, type SQL } from 'drizzle-orm';

/**
 * The key two catalog records of the same work share (issue 30, point 5: a newer edition is the
 * same title and authors): the text lower-cased with everything but letters and digits taken
 * out, so "Grammatical Theory: From…" and "grammatical theory - from…" or "Müller, Stefan" and
 * "Müller Stefan" meet. One expression for the schema's indexes (migration 0037) and the
 * queries that use them: the planner uses an expression index only for the same expression, so
 * the pattern is a literal here, never a bound parameter.
 */
export function workKey(column: SQL): SQL {
  return sql`regexp_replace(lower(${column}), ${sql.raw(`'[^[:alnum:]]+'`)}, ${sql.raw(`''`)}, ${sql.raw(`'g'`)})`;
}

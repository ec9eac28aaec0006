/**
 * Rows an apply writes per second on the embedded database: the import bench applied 400,000
 * rows there in 38 to 52 s on a 2-core machine (docs/benchmarks.md, "Imports"), about 7,700 to
 * 10,500 a second; rounded down so the estimate errs long.
 */
const EMBEDDED_ROWS_PER_SECOND = 7_000;

/** A pause shorter than this is not worth a word before applying. */
const NOTICEABLE_SECONDS = 5;

/**
 * How long the portal stops answering while `rows` rows apply (ADR 0042), in whole 5-second
 * steps: null on PostgreSQL, whose other connections keep answering, and for a short pause.
 */
export function applyPauseSeconds(engine: 'pglite' | 'postgres', rows: number): number | null {
  if (engine !== 'pglite') return null;
  const seconds = rows / EMBEDDED_ROWS_PER_SECOND;
  if (seconds < NOTICEABLE_SECONDS) return null;
  return Math.ceil(seconds / 5) * 5;
}

/** The SQLSTATE of a database error (node-postgres or PGlite, possibly wrapped by drizzle). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return undefined;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a database error is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

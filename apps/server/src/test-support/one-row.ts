/** The one row an insert … returning answered; a setup that got none is broken, so it throws. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

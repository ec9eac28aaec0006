/** Rows of one division, in the order the server sent them. */
export interface DivisionGroup<T> {
  divisionId: number;
  divisionName: string;
  items: T[];
}

/**
 * Rows (terms, departments) grouped by their division, keeping the server's order: the
 * campaign pages list each division under its own heading.
 */
export function byDivision<T extends { divisionId: number; divisionName: string }>(
  rows: readonly T[],
): DivisionGroup<T>[] {
  const groups = new Map<number, DivisionGroup<T>>();
  for (const row of rows) {
    const group = groups.get(row.divisionId) ?? {
      divisionId: row.divisionId,
      divisionName: row.divisionName,
      items: [],
    };
    group.items.push(row);
    groups.set(row.divisionId, group);
  }
  return [...groups.values()];
}

import type { Db } from '../../../db/client.ts';
import { analyzeTable, plannerRowCounts, type ImportTable } from './table-stats-repository.ts';

/** Rows an import adds to a table before the planner is told, at the least. */
const MIN_GROWTH = 200;

/**
 * Keeps the planner's statistics up with a large apply. Nothing commits until the end, so
 * autovacuum never sees the new rows, and a table that grew from 100 rows to 6,000 within the
 * transaction is still planned as 100: the section-facts trigger then scans professors once
 * per section (13 s instead of 0.3 s for UIUC's Fall 2025 file). A table is analysed when the
 * import has added a quarter of what the planner believes it holds (and at least 200 rows),
 * so a table is analysed a few times however many rows arrive.
 */
export class TableGrowth {
  private readonly pending = new Map<ImportTable, number>();

  private constructor(private readonly planned: Map<ImportTable, number>) {}

  static async start(db: Db): Promise<TableGrowth> {
    return new TableGrowth(await plannerRowCounts(db));
  }

  /** Notes `added` rows in `table` and analyses it when it has grown enough. */
  async grew(db: Db, table: ImportTable, added: number): Promise<void> {
    if (added <= 0) return;
    const pending = (this.pending.get(table) ?? 0) + added;
    const planned = this.planned.get(table) ?? 0;
    if (pending < Math.max(MIN_GROWTH, planned / 4)) {
      this.pending.set(table, pending);
      return;
    }
    await analyzeTable(db, table);
    this.planned.set(table, planned + pending);
    this.pending.set(table, 0);
  }

  /**
   * At the end of an apply: every table that grew since its last ANALYZE is analysed, so the
   * portal's own reads after the import plan for the tables as they now are, small growth too.
   */
  async settle(db: Db): Promise<void> {
    for (const [table, pending] of this.pending) {
      if (pending > 0) await analyzeTable(db, table);
      this.pending.set(table, 0);
    }
  }
}

import type { CellIssue } from './row-mapper.ts';

/** Issues kept per import (the rest are counted in the reasons only). */
export const MAX_KEPT_ISSUES = 10_000;
/** Reasons a report lists, most rows first. */
export const MAX_REASONS = 20;

export interface RecordedIssue extends CellIssue {
  rowNumber: number;
}

/**
 * The rejected rows of a pass: their numbers (pass 2 skips them), a count of rows per reason
 * (column and message), and the first issues, handed to `keep` a thousand at a time.
 */
export class IssueRecorder {
  readonly rejectedRows = new Set<number>();
  private readonly reasons = new Map<string, { column: string; message: string; rows: number }>();
  private buffer: RecordedIssue[] = [];
  private kept = 0;

  constructor(private readonly keep: ((issues: RecordedIssue[]) => Promise<void>) | null) {}

  reject(rowNumber: number, issues: readonly CellIssue[]): void {
    this.rejectedRows.add(rowNumber);
    const counted = new Set<string>();
    for (const issue of issues) {
      const key = `${issue.column}\u0000${issue.message}`;
      if (!counted.has(key)) {
        counted.add(key);
        const reason = this.reasons.get(key) ?? { column: issue.column, message: issue.message, rows: 0 };
        reason.rows++;
        this.reasons.set(key, reason);
      }
      if (this.keep && this.kept < MAX_KEPT_ISSUES) {
        this.kept++;
        this.buffer.push({ rowNumber, ...issue });
      }
    }
  }

  get rejected(): number {
    return this.rejectedRows.size;
  }

  /** Hands the buffered issues on once a thousand wait (or all of them with `all`). */
  async flush(all = false): Promise<void> {
    if (!this.keep || this.buffer.length === 0 || (!all && this.buffer.length < 1000)) return;
    const issues = this.buffer;
    this.buffer = [];
    await this.keep(issues);
  }

  /** The most common reasons, most rows first (ties by column, then message). */
  topReasons(): { column: string; message: string; rows: number }[] {
    return [...this.reasons.values()]
      .sort(
        (a, b) =>
          b.rows - a.rows || a.column.localeCompare(b.column) || a.message.localeCompare(b.message),
      )
      .slice(0, MAX_REASONS);
  }
}

import type { CellIssue } from './row-mapper.ts';

/** Rejections kept per import, and warnings apart (the rest are counted in the reasons only). */
export const MAX_KEPT_ISSUES = 10_000;
/** Reasons a report lists, most rows first. */
export const MAX_REASONS = 20;

export interface RecordedIssue extends CellIssue {
  rowNumber: number;
  /** The row went in without this value (a detail), rather than being rejected. */
  warning: boolean;
}

interface Reason {
  column: string;
  message: string;
  rows: number;
}

/** Rows per reason (column and message), each row counted once per reason. */
class ReasonCounts {
  private readonly reasons = new Map<string, Reason>();

  count(issues: readonly CellIssue[]): void {
    const counted = new Set<string>();
    for (const issue of issues) {
      const key = `${issue.column}\u0000${issue.message}`;
      if (counted.has(key)) continue;
      counted.add(key);
      const reason = this.reasons.get(key) ?? { column: issue.column, message: issue.message, rows: 0 };
      reason.rows++;
      this.reasons.set(key, reason);
    }
  }

  /** The most common, most rows first (ties by column, then message). */
  top(): Reason[] {
    return [...this.reasons.values()]
      .sort(
        (a, b) =>
          b.rows - a.rows || a.column.localeCompare(b.column) || a.message.localeCompare(b.message),
      )
      .slice(0, MAX_REASONS);
  }
}

/**
 * The rejected rows of a pass: their numbers (pass 2 skips them), a count of rows per reason
 * (column and message), and the first issues, handed to `keep` a thousand at a time. Rows
 * admitted without a detail value are counted apart, with their warnings.
 */
export class IssueRecorder {
  readonly rejectedRows = new Set<number>();
  private readonly reasons = new ReasonCounts();
  private readonly warningReasons = new ReasonCounts();
  private warnedRows = 0;
  private buffer: RecordedIssue[] = [];
  /** Kept rejections and kept warnings, each up to the limit: warnings never crowd out rejections. */
  private readonly kept = { rejections: 0, warnings: 0 };

  constructor(private readonly keep: ((issues: RecordedIssue[]) => Promise<void>) | null) {}

  reject(rowNumber: number, issues: readonly CellIssue[]): void {
    this.rejectedRows.add(rowNumber);
    this.reasons.count(issues);
    this.keepIssues(rowNumber, issues, false);
  }

  /** An admitted row's detail values left out (call once per row, after it is admitted). */
  warn(rowNumber: number, warnings: readonly CellIssue[]): void {
    if (warnings.length === 0) return;
    this.warnedRows++;
    this.warningReasons.count(warnings);
    this.keepIssues(rowNumber, warnings, true);
  }

  private keepIssues(rowNumber: number, issues: readonly CellIssue[], warning: boolean): void {
    const counter = warning ? 'warnings' : 'rejections';
    for (const issue of issues) {
      if (!this.keep || this.kept[counter] >= MAX_KEPT_ISSUES) return;
      this.kept[counter]++;
      this.buffer.push({ rowNumber, ...issue, warning });
    }
  }

  get rejected(): number {
    return this.rejectedRows.size;
  }

  get warned(): number {
    return this.warnedRows;
  }

  /** Hands the buffered issues on once a thousand wait (or all of them with `all`). */
  async flush(all = false): Promise<void> {
    if (!this.keep || this.buffer.length === 0 || (!all && this.buffer.length < 1000)) return;
    const issues = this.buffer;
    this.buffer = [];
    await this.keep(issues);
  }

  /** The most common reasons rows were rejected, most rows first. */
  topReasons(): Reason[] {
    return this.reasons.top();
  }

  /** The most common warnings, most rows first. */
  topWarnings(): Reason[] {
    return this.warningReasons.top();
  }
}

import { parentPort } from 'node:worker_threads';
import type { NumberStyle } from './cell-text.ts';
import type { CsvDialect } from './csv-dialect.ts';
import { csvRows } from './csv-rows.ts';
import { RowLimits, type SheetRow } from './row-limits.ts';
import { SheetReadError } from './sheet-errors.ts';
import type { UploadLimits } from './upload-limits.ts';
import { xlsxRows } from './xlsx-rows.ts';

/**
 * A reading thread (sheet-reader.ts starts it and keeps it for the next file): reads one file at
 * a time from disk within its kind's limits and posts its rows in batches, at most two ahead of
 * the thread that asked (which answers 'more' for each batch it has taken), or only counts
 * them. Its heap is capped by the thread that started it. (Loaded as CommonJS through tsx: no
 * import.meta, no top-level await.)
 */
export interface SheetJob {
  path: string;
  type: 'csv' | 'xlsx';
  limits: UploadLimits;
  numbers: NumberStyle;
  /** A CSV file's separator and encoding; UTF-8 with commas when not given. */
  csv?: CsvDialect;
  /** 'rows': post them; 'count': only check and count them. */
  mode: 'rows' | 'count';
}

export type SheetMessage =
  | { rows: SheetRow[] }
  | { end: { dataRows: number } }
  | { error: { kind: 'limit' | 'format'; message: string } };

/** A batch is posted when it holds this many rows, or this much text (cells count as one). */
const BATCH_ROWS = 1000;
const BATCH_WEIGHT = 2_000_000;

const port = parentPort;
let credits = 0;
let wake: (() => void) | null = null;
port?.on('message', (message: 'more' | { job: SheetJob }) => {
  if (message === 'more') {
    credits++;
    wake?.();
    return;
  }
  // One job at a time: the next is sent once this one has ended.
  credits = 2;
  run(message.job).catch((error: unknown) => {
    if (error instanceof SheetReadError) {
      port.postMessage({
        error: { kind: error.kind, message: error.message },
      } satisfies SheetMessage);
      return;
    }
    // Anything else is the server's fault: the thread's own error event carries it.
    throw error;
  });
});

async function post(rows: SheetRow[]): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  port?.postMessage({ rows } satisfies SheetMessage);
}

async function run(job: SheetJob): Promise<void> {
  const limits = new RowLimits(job.limits);
  const rows =
    job.type === 'csv'
      ? csvRows(job.path, job.limits, job.csv)
      : xlsxRows(job.path, job.limits, job.numbers);
  let batch: SheetRow[] = [];
  let weight = 0;
  for await (const row of rows) {
    if (!limits.accept(row)) continue;
    if (job.mode === 'count') continue;
    batch.push(row);
    weight += row.cells.length;
    for (const cell of row.cells) weight += cell.length;
    if (batch.length >= BATCH_ROWS || weight >= BATCH_WEIGHT) {
      await post(batch);
      [batch, weight] = [[], 0];
    }
  }
  if (batch.length > 0) await post(batch);
  port?.postMessage({ end: { dataRows: limits.dataRows } } satisfies SheetMessage);
}

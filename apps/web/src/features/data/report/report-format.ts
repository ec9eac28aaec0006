import { CSV_ENCODING_LABELS, CSV_SEPARATOR_LABELS, type ImportSummary } from '@csp/contracts';
import { count, plural } from '../../../lib/format.ts';

/** A file size in the units a file manager shows: 812 KB, 7.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A whole percentage, never 100 before the work is done. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((done / total) * 100);
  return Math.min(done >= total ? 100 : 99, Math.max(0, percent));
}

/** "3.2 MB of 7.4 MB sent (43%)". */
export function uploadProgressText(loaded: number, total: number): string {
  return `${formatBytes(loaded)} of ${formatBytes(total)} sent (${percentOf(loaded, total)}%)`;
}

/** "1,200 of 6,573 rows applied (18%)", or "1,200 rows checked" while the total is unknown. */
export function rowProgressText(progress: ImportSummary['progress'], verb: string): string {
  if (!progress) return '';
  if (progress.total === null) return `${plural(progress.done, 'row')} ${verb}`;
  const { done, total } = progress;
  return `${count(done)} of ${plural(total, 'row')} ${verb} (${percentOf(done, total)}%)`;
}

type RowCounts = Pick<ImportSummary, 'added' | 'updated' | 'unchanged' | 'rowsRejected'>;

/** "12 added · 3 updated · 6,000 unchanged · 40 rejected", the row counts of an import. */
export function rowCountsText(summary: RowCounts): string {
  return [
    `${count(summary.added)} added`,
    `${count(summary.updated)} updated`,
    `${count(summary.unchanged)} unchanged`,
    `${count(summary.rowsRejected)} rejected`,
  ].join(' · ');
}

/** True when the file holds only what the store already has: applying it changes nothing. */
export function changesNothing(summary: ImportSummary): boolean {
  return summary.rowsValid > 0 && summary.added === 0 && summary.updated === 0;
}

/** "Sections" for "sections": the entity names the server sends, as a table heading shows them. */
export function entityLabel(entity: string): string {
  return entity.charAt(0).toUpperCase() + entity.slice(1);
}

/** Where an import's rows land: "Main Campus, Fall 2025" (division, then terms). */
export function destinationText(summary: ImportSummary): string {
  const parts = [summary.divisionName, summary.terms.join(', ')].filter(Boolean);
  return parts.join(', ');
}

/**
 * What the confirmation says before anything is written: how many rows, where, what they add
 * and change, and what is left out.
 */
export function applyConfirmText(summary: ImportSummary): string {
  const where = destinationText(summary);
  const sentences = [
    `This writes the ${plural(summary.rowsValid, 'valid row')} of “${summary.fileName}”${where ? ` to ${where}` : ''}: ` +
      `${count(summary.added)} added, ${count(summary.updated)} updated, ${count(summary.unchanged)} unchanged.`,
  ];
  if (summary.rowsRejected > 0) {
    sentences.push(`The ${plural(summary.rowsRejected, 'rejected row')} will not be written.`);
  }
  if (summary.rowsWarned > 0) {
    sentences.push(
      `${plural(summary.rowsWarned, 'row')} will be written without a value that could not be taken (see the warnings).`,
    );
  }
  sentences.push('It is applied in one transaction: all of it, or nothing if it fails.');
  const pause = applyPauseText(summary, 'before');
  if (pause) sentences.push(pause);
  return sentences.join(' ');
}

/**
 * On the embedded database the portal answers no one while a large file applies (ADR 0042):
 * said before applying, so the data manager can choose a quiet moment, and while it applies,
 * when the progress cannot move.
 */
export function applyPauseText(summary: ImportSummary, when: 'before' | 'during'): string | null {
  const seconds = summary.applyPauseSeconds;
  if (seconds === null) return null;
  const length =
    seconds < 60
      ? `${seconds} seconds`
      : `${Math.round(seconds / 60)} ${seconds < 90 ? 'minute' : 'minutes'}`;
  return when === 'before'
    ? `This portal runs on its embedded database: while the file is applied, the portal answers no one, for about ${length}. ` +
        'Apply it when few people are using the portal.'
    : `This portal runs on its embedded database: until the file is applied, the portal answers no one, for about ${length}. ` +
        'This page shows the outcome when it is done.';
}

/** "CSV read as: semicolons, UTF-8 (detected)": how the server read a CSV file's text. */
export function csvDialectText(summary: ImportSummary): string | null {
  const dialect = summary.csvDialect;
  if (!dialect) return null;
  const separator = CSV_SEPARATOR_LABELS[dialect.separator].toLowerCase();
  const how = dialect.chosen ? 'as chosen' : 'detected';
  return `CSV read as: ${separator}, ${CSV_ENCODING_LABELS[dialect.encoding]} (${how})`;
}

/**
 * The product feed import: a parsed feed written by ean13 and reported (the parsing and row
 * checks are in feed.ts, the SQL in repository.ts).
 */
import type { Db } from '../../../db/client.ts';
import { parseProductFeed, type ParsedFeed, type RowProblem } from './feed.ts';
import { analyzeExternalProducts, upsertExternalProducts } from './repository.ts';

export interface ImportReport {
  read: number;
  inserted: number;
  updated: number;
  rejected: number;
  duplicates: number;
  /** Each rejected row and each duplicate, by line. */
  problems: RowProblem[];
}

export interface ImportOptions {
  /** The feed's name, stored as each product's `source` (attribution). */
  source?: string;
  /** Rows per statement and per transaction. */
  chunkRows?: number;
}

/**
 * Writes a parsed feed: valid rows are inserted, or update the product with the same ean13, one
 * transaction per chunk; then the table's statistics are refreshed for search plans.
 */
export async function writeProductFeed(
  db: Db,
  feed: ParsedFeed,
  chunkRows?: number,
): Promise<ImportReport> {
  const written = await upsertExternalProducts(db, feed.products, chunkRows);
  if (written.inserted + written.updated > 0) await analyzeExternalProducts(db);
  return feedReport(feed, written);
}

/** The report of a feed, with what was written of it (nothing by default). */
export function feedReport(
  feed: ParsedFeed,
  written: { inserted: number; updated: number } = { inserted: 0, updated: 0 },
): ImportReport {
  return {
    read: feed.read,
    inserted: written.inserted,
    updated: written.updated,
    rejected: feed.rejected.length,
    duplicates: feed.duplicates.length,
    problems: [...feed.rejected, ...feed.duplicates].sort((a, b) => a.line - b.line),
  };
}

/** Parses, checks and writes a feed (see parseProductFeed and writeProductFeed). */
export async function importProducts(
  db: Db,
  csvText: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const feed = parseProductFeed(csvText, options.source?.trim() || 'import');
  return writeProductFeed(db, feed, options.chunkRows);
}

/** The report as the command prints it: counts, then at most `maxReasons` problems by line. */
export function formatImportReport(report: ImportReport, maxReasons = 50): string {
  const lines = [
    `Read ${report.read} rows: ${report.inserted} inserted, ${report.updated} updated, ` +
      `${report.rejected} rejected, ${report.duplicates} duplicates (the later row imported).`,
  ];
  for (const problem of report.problems.slice(0, maxReasons)) {
    lines.push(`  line ${problem.line}: ${problem.reason}`);
  }
  const more = report.problems.length - maxReasons;
  if (more > 0) lines.push(`  and ${more} more`);
  return lines.join('\n');
}

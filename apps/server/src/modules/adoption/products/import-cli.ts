/**
 * `npm run import:products -- <file.csv> [--source <feed name>]`: loads the distributor's
 * product feed into `external_products` of the database the server would use — PostgreSQL when
 * DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR (default
 * `<repo>/data`). Stop the server first when it uses the same PGlite folder: PGlite allows only
 * one process per data folder.
 *
 * Exit status: 0 when rows were imported (some may be rejected: see the report), 1 when the file
 * cannot be read or imported (not UTF-8 or CSV, no ISBN or title column, no data row, every row
 * rejected), 2 for a usage error.
 */
import { readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, dbOptionsFromEnv } from '../../../db/client.ts';
import { FeedFileError, parseProductFeed, type ParsedFeed } from './feed.ts';
import { feedReport, formatImportReport, writeProductFeed } from './import.ts';

/** From apps/server/src/modules/adoption/products/ up to the repository root. */
const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

const USAGE = `Usage: npm run import:products -- <file.csv> [--source <feed name>]

The file has a header row; recognised columns (any case, others ignored):
  ean13 (or isbn13, or isbn), isbn10, digital_isbn, title, author, edition, publisher,
  publish_date (YYYY-MM-DD or YYYY), product_code, image_url, list_price (dollars, 129.95)
A product whose ISBN is already stored is updated with the file's columns.
--source names the feed in each product's source column (default: the file name).`;

function readUtf8(path: string): string {
  const bytes = readFileSync(path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FeedFileError('The file is not UTF-8 text: save it as CSV UTF-8.');
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's folder.
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  const file = resolve(baseDir, positionals[0] as string);
  const source = values.source?.trim() || basename(file, extname(file));

  let text: string;
  try {
    text = readUtf8(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  let feed: ParsedFeed;
  try {
    feed = parseProductFeed(text, source);
  } catch (error) {
    if (!(error instanceof FeedFileError)) throw error;
    console.error(`Cannot import ${file}: ${error.message}`);
    return 1;
  }
  // A file that would import nothing is refused before the database is opened.
  if (feed.read === 0) {
    console.error(`Cannot import ${file}: it has no data rows, only a header.`);
    return 1;
  }
  if (feed.products.length === 0) {
    console.error(formatImportReport(feedReport(feed)));
    console.error(`Cannot import ${file}: every row was rejected, nothing was imported.`);
    return 1;
  }

  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = resolve(baseDir, process.env.DATA_DIR?.trim() || join(REPO_ROOT, 'data'));
  const options = dbOptionsFromEnv(databaseUrl, dataDir);
  console.log(
    options.engine === 'postgres'
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: PGlite in ${dataDir}`,
  );
  console.log(`Importing ${file} as source "${source}"…`);
  const started = performance.now();
  const database = await createDb(options);
  try {
    const report = await writeProductFeed(database.db, feed);
    console.log(formatImportReport(report));
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

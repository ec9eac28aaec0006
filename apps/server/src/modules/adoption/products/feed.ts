/**
 * The distributor's product feed (`npm run import:products -- <file.csv>`): a CSV file parsed
 * and checked row by row into `external_products` rows, then written by ean13 (an existing
 * product gets the file's fields). The parsing and row checks here; writing in import.ts, SQL in
 * repository.ts.
 */
import { parse } from 'csv-parse/sync';
import { isbn13To10, isValidIsbn10, normalizeIsbn, type ProductAvailability } from '@csp/contracts';
import type { ExternalProductWrite } from './repository.ts';
import { COST_COLUMN_ALIASES, costFieldsOf, fail, priceCentsOf, RowError } from './feed-costs.ts';

/** The columns a feed may have (header names, any case); other columns are ignored. */
const COLUMN_ALIASES = {
  ean13: ['ean13', 'isbn13', 'isbn'],
  isbn10: ['isbn10'],
  digitalIsbn: ['digital_isbn'],
  description: ['title'],
  author: ['author'],
  edition: ['edition'],
  publisher: ['publisher'],
  publishDate: ['publish_date'],
  productCode: ['product_code'],
  bookImageUrl: ['image_url'],
  listPriceCents: ['list_price'],
  availability: ['availability'],
  ...COST_COLUMN_ALIASES,
} as const;
type Field = keyof typeof COLUMN_ALIASES;

/** The longest text a column may hold; longer is a broken row, not a title. */
const MAX_TEXT = 2000;

export interface RowProblem {
  /** Line of the file where the row starts (the header is line 1). */
  line: number;
  reason: string;
}

export interface ParsedFeed {
  /** Data rows read (blank lines not counted). */
  read: number;
  /** Valid rows, one per ean13 (the later row of an ean13 given twice), in file order. */
  products: ExternalProductWrite[];
  rejected: RowProblem[];
  /** Earlier rows of an ean13 given again later in the file: the later row is imported. */
  duplicates: RowProblem[];
}

/** A file that cannot be imported at all (not CSV, no ISBN or title column). */
export class FeedFileError extends Error {}

/** Trimmed, inner white space as single spaces (line breaks inside a quoted cell included). */
function tidy(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Which field each header cell feeds; a field named by several columns takes the first alias. */
function mapHeader(header: readonly string[]): Map<Field, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const columns = new Map<Field, number>();
  for (const [field, aliases] of Object.entries(COLUMN_ALIASES) as [Field, readonly string[]][]) {
    for (const alias of aliases) {
      const index = names.indexOf(alias);
      if (index >= 0) {
        columns.set(field, index);
        break;
      }
    }
  }
  if (!columns.has('ean13')) {
    throw new FeedFileError(
      'The file has no ISBN column: the header needs ean13, isbn13 or isbn (any case).',
    );
  }
  if (!columns.has('description')) {
    throw new FeedFileError('The file has no title column: the header needs title (any case).');
  }
  return columns;
}

/** The ISBN-13 of an ISBN cell (hyphens and spaces removed; an ISBN-10 converted), or why not. */
function isbn13Of(raw: string, column: string): string {
  const ean13 = normalizeIsbn(raw);
  if (ean13) return ean13;
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  const bad = `bad ${column} ${JSON.stringify(raw)}`;
  if (/^\d{13}$/.test(compact) || /^\d{9}[\dX]$/.test(compact)) {
    return fail(`${bad}: the check digit is wrong`);
  }
  if (/^\d+(\.\d+)?E\+?\d+$/.test(compact)) {
    return fail(
      `${bad}: a number in scientific notation has lost digits (keep the column as text)`,
    );
  }
  if (!/^\d+X?$/.test(compact)) {
    return fail(`${bad}: an ISBN has only digits (an ISBN-10 may end in X)`);
  }
  // A spreadsheet that took an ISBN-10 for a number dropped its leading zeros.
  const padded = compact.padStart(10, '0');
  const hint =
    compact.length < 10 && isValidIsbn10(padded) ? ` (leading zeros lost? ${padded} is valid)` : '';
  return fail(`${bad}: an ISBN has 13 or 10 characters, this has ${compact.length}${hint}`);
}

/** 'YYYY-MM-DD' of a real calendar day, or 'YYYY' as 'YYYY-01-01'. */
function publishDateOf(raw: string): string {
  const year = /^(\d{4})$/.exec(raw);
  if (year && Number(year[1]) >= 1000) return `${year[1]}-01-01`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (day && Number(day[1]) >= 1000) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    if (date.toISOString().slice(0, 10) === raw) return raw;
  }
  return fail(`bad publish_date ${JSON.stringify(raw)}: use YYYY-MM-DD or YYYY`);
}

/**
 * What the distributors write in the `availability` column, as PRODUCT_AVAILABILITIES (any case,
 * spaces, hyphens or underscores between words): a product can stop being offered (issue 30,
 * point 5), and an adoption of it is then flagged. "Discontinued" is the trade's word for a
 * product no longer offered.
 */
const AVAILABILITY_WORDS: Readonly<Record<string, ProductAvailability>> = {
  available: 'AVAILABLE',
  'in print': 'AVAILABLE',
  'not offered': 'NOT_OFFERED',
  'no longer offered': 'NOT_OFFERED',
  discontinued: 'NOT_OFFERED',
  'out of print': 'OUT_OF_PRINT',
  oop: 'OUT_OF_PRINT',
};

function availabilityOf(raw: string): ProductAvailability {
  const word = raw.toLowerCase().replace(/[\s_-]+/g, ' ');
  return (
    AVAILABILITY_WORDS[word] ??
    fail(
      `bad availability ${JSON.stringify(raw)}: use available, not offered, discontinued or out of print`,
    )
  );
}

/** One data row as a product, or a RowError saying what is wrong. */
function checkRow(
  cells: readonly string[],
  columns: ReadonlyMap<Field, number>,
  source: string,
): ExternalProductWrite {
  const cell = (field: Field, column: string): string => {
    const index = columns.get(field);
    const raw = index === undefined ? '' : (cells[index] ?? '');
    if (raw.includes('\u0000')) fail(`${column} contains a NUL character`);
    const value = tidy(raw);
    if (value.length > MAX_TEXT) fail(`${column} is longer than ${MAX_TEXT} characters`);
    return value;
  };
  const isbnRaw = cell('ean13', 'ISBN');
  const isbn10Raw = cell('isbn10', 'isbn10');
  // A row with only an ISBN-10 is identified by it.
  if (isbnRaw === '' && isbn10Raw === '') fail('missing ISBN');
  const ean13 = isbnRaw === '' ? isbn13Of(isbn10Raw, 'isbn10') : isbn13Of(isbnRaw, 'ISBN');
  const description = cell('description', 'title');
  if (description === '') fail('missing title');

  const isbn10 = isbn13To10(ean13);
  if (isbn10Raw !== '') {
    const given = isbn10Raw.replace(/[\s-]/g, '').toUpperCase();
    if (!isValidIsbn10(given)) fail(`bad isbn10 ${JSON.stringify(isbn10Raw)}: not a valid ISBN-10`);
    if (given !== isbn10)
      fail(`isbn10 ${JSON.stringify(isbn10Raw)} is not the ISBN-10 of ${ean13}`);
  }
  const product: ExternalProductWrite = { ean13, isbn10, description, source };
  // Only the columns the file has are written: a feed without prices keeps the prices stored.
  if (columns.has('digitalIsbn')) {
    const raw = cell('digitalIsbn', 'digital_isbn');
    product.digitalIsbn = raw === '' ? null : isbn13Of(raw, 'digital_isbn');
  }
  if (columns.has('author')) product.author = cell('author', 'author');
  if (columns.has('edition')) product.edition = cell('edition', 'edition');
  if (columns.has('publisher')) product.publisher = cell('publisher', 'publisher');
  if (columns.has('productCode')) product.productCode = cell('productCode', 'product_code');
  if (columns.has('bookImageUrl')) {
    const raw = cell('bookImageUrl', 'image_url');
    if (raw !== '' && !/^https?:\/\/\S+$/i.test(raw)) {
      fail(`bad image_url ${JSON.stringify(raw)}: use an http(s) address`);
    }
    product.bookImageUrl = raw === '' ? null : raw;
  }
  if (columns.has('publishDate')) {
    const raw = cell('publishDate', 'publish_date');
    product.publishDate = raw === '' ? null : publishDateOf(raw);
  }
  if (columns.has('listPriceCents')) {
    const raw = cell('listPriceCents', 'list_price');
    product.listPriceCents = raw === '' ? 0 : priceCentsOf(raw, 'list_price');
  }
  if (columns.has('availability')) {
    // An empty cell is a product on offer, as a feed without the column says of every product.
    const raw = cell('availability', 'availability');
    product.availability = raw === '' ? 'AVAILABLE' : availabilityOf(raw);
  }
  const column = (field: Field) => COLUMN_ALIASES[field][0];
  Object.assign(
    product,
    costFieldsOf((field) => (columns.has(field) ? cell(field, column(field)) : undefined)),
  );
  return product;
}

/**
 * Parses and checks a feed. Throws FeedFileError when the file as a whole cannot be read (CSV
 * syntax, a missing ISBN or title column); a bad row is rejected with its line and reason.
 */
export function parseProductFeed(csvText: string, source: string): ParsedFeed {
  let records: { record: string[]; raw: string }[];
  try {
    // Line breaks normalised first: the line numbers of reasons count '\n' only.
    records = parse(csvText.replace(/\r\n?/g, '\n'), {
      bom: true,
      raw: true,
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new FeedFileError(`The file is not valid CSV: ${detail}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new FeedFileError('The file is empty: it needs a header row.');
  const columns = mapHeader(header.record);

  const feed: ParsedFeed = { read: 0, products: [], rejected: [], duplicates: [] };
  const lineOfEan = new Map<string, number>();
  const valid: { line: number; product: ExternalProductWrite }[] = [];
  let newlines = countNewlines(header.raw);
  for (const { record, raw } of rows) {
    const line = newlines + (/^\n*/.exec(raw)?.[0].length ?? 0) + 1;
    newlines += countNewlines(raw);
    if (record.every((value) => value.trim() === '')) continue;
    feed.read++;
    try {
      const product = checkRow(record, columns, source);
      const earlier = lineOfEan.get(product.ean13);
      if (earlier !== undefined) {
        feed.duplicates.push({
          line: earlier,
          reason: `duplicate ISBN ${product.ean13}: line ${line} has it again and is imported instead`,
        });
      }
      lineOfEan.set(product.ean13, line);
      valid.push({ line, product });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      feed.rejected.push({ line, reason: error.message });
    }
  }
  feed.products = valid
    .filter(({ line, product }) => lineOfEan.get(product.ean13) === line)
    .map(({ product }) => product);
  return feed;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

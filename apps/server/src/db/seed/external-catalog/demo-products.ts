/**
 * The demo distributor catalog: real books from the files beside this module (sources and
 * licences in NOTICE.md) as `external_products` rows. Global reference data: the demo seed loads
 * it once, into an empty table.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { isbn13To10, normalizeIsbn } from '@csp/contracts';
import type { Db } from '../../client.ts';
import { insertRows, queryRows } from '../../bulk-write.ts';
import { externalProducts } from '../../schema/index.ts';
import { sql } from 'drizzle-orm';

/** What the seeds insert: every column but the id and the generated search columns. */
export type ExternalProductRow = Required<
  Omit<typeof externalProducts.$inferInsert, 'id' | 'searchText' | 'searchWords'>
>;

/** A bought print book offered only new: the cost columns (issue 31) of a product saying nothing else. */
export const PRINT_PRODUCT_COSTS = {
  materialKind: 'COMMERCIAL_PRINT',
  licence: null,
  accessUrl: null,
  usedPriceCents: null,
  rentalPriceCents: null,
  digitalPriceCents: null,
} as const satisfies Partial<ExternalProductRow>;

/** The `source` of each file's products (the feed name NOTICE.md attributes). */
export const DEMO_SOURCES = {
  uoft: 'uoft-bookstore',
  langsci: 'langsci-press',
  goodbooks: 'goodbooks-10k',
} as const;

export const DEMO_FILES = {
  uoft: 'uoft_bookstore_textbook_adoptions_2020-fall.csv',
  langsci: 'langsci_press_catalog.tsv',
  goodbooks: 'goodbooks10k_books_isbn_normalized.csv',
} as const;

const LANGSCI_PUBLISHER = 'Language Science Press';

type Row = Record<string, string>;

function readRecords(file: string, delimiter: string): Row[] {
  const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  return parse<Row>(text, {
    columns: true,
    delimiter,
    bom: true,
    skip_empty_lines: true,
    // The TSV has no quoting; a quote there is part of the text.
    quote: delimiter === '\t' ? false : '"',
  });
}

/** Trimmed, inner runs of white space as one space ("Ahlfors  O/P" -> "Ahlfors O/P"). */
export function tidy(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

const ORDINAL_SUFFIX: Readonly<Record<number, string>> = { 1: 'st', 2: 'nd', 3: 'rd' };

/** "3" -> "3rd", as the store's titles write editions; anything else as it is. */
export function ordinalEdition(edition: string): string {
  const text = tidy(edition);
  if (!/^\d{1,3}$/.test(text)) return text;
  const n = Number(text);
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (ORDINAL_SUFFIX[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** `YYYY-01-01` of a four-digit year; null for none, "Forthcoming" or ancient (-720) years. */
export function yearDate(year: string | undefined): string | null {
  const text = tidy(year);
  return /^[1-9]\d{3}$/.test(text) ? `${text}-01-01` : null;
}

/** "Müller, Stefan & Klamer, Marian" -> "Stefan Müller, Marian Klamer". */
function langsciCreators(creators: string, edited: string): string {
  const names = creators
    .split(/\s*[&;]\s*|\s+and\s+/)
    .map(tidy)
    .filter((name) => name !== '')
    .map((name) => {
      const [last, first] = name.split(/\s*,\s*/, 2);
      return first ? `${first} ${last}` : (last ?? '');
    });
  const joined = names.join(', ');
  if (tidy(edited) !== 'editor' || joined === '') return joined;
  return `${joined} (${names.length > 1 ? 'eds.' : 'ed.'})`;
}

function product(
  isbn: string | undefined,
  fields: Partial<ExternalProductRow> & Pick<ExternalProductRow, 'description' | 'source'>,
): ExternalProductRow | null {
  const ean13 = normalizeIsbn(tidy(isbn));
  if (!ean13 || fields.description === '') return null;
  return {
    ean13,
    isbn10: isbn13To10(ean13),
    digitalIsbn: null,
    author: '',
    edition: '',
    publisher: '',
    publishDate: null,
    productCode: '',
    bookImageUrl: null,
    listPriceCents: 0,
    availability: 'AVAILABLE',
    ...PRINT_PRODUCT_COSTS,
    ...fields,
  };
}

function cents(dollars: string | undefined): number {
  const value = Number(tidy(dollars));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}

/** UofT Bookstore textbooks: ISBN-10, title, numeric edition, surname, price in CAD. */
export function uoftProducts(): ExternalProductRow[] {
  return readRecords(DEMO_FILES.uoft, ',').flatMap((r) => {
    const row = product(r['isbn10'], {
      description: tidy(r['title']),
      author: tidy(r['author']),
      edition: ordinalEdition(r['edition'] ?? ''),
      listPriceCents: cents(r['price_cad']),
      source: DEMO_SOURCES.uoft,
    });
    return row ? [row] : [];
  });
}

/** "CC-BY  4.0" as licences are written: "CC BY 4.0" (null for none). */
export function langsciLicence(license: string | undefined): string | null {
  const text = tidy(license).replace(/^CC-/, 'CC ');
  return text === '' ? null : text;
}

/**
 * Language Science Press books: ISBN-13, title, creators, year. The press publishes open access
 * (NOTICE.md): each is an OER with the licence its row gives and its DOI's address; a row without
 * a DOI has no address in the data, so none is made up.
 */
export function langsciProducts(): ExternalProductRow[] {
  return readRecords(DEMO_FILES.langsci, '\t').flatMap((r) => {
    const doi = tidy(r['DOI']);
    const row = product(r['isbn'], {
      description: tidy(r['title']),
      author: langsciCreators(r['creators'] ?? '', r['edited'] ?? ''),
      publisher: LANGSCI_PUBLISHER,
      publishDate: yearDate(r['year']),
      source: DEMO_SOURCES.langsci,
      materialKind: 'OER',
      licence: langsciLicence(r['license']),
      accessUrl: doi === '' ? null : `https://doi.org/${doi}`,
    });
    return row ? [row] : [];
  });
}

/** goodbooks-10k: repaired ISBNs, title, authors (several, comma-separated, kept as they are). */
export function goodbooksProducts(): ExternalProductRow[] {
  return readRecords(DEMO_FILES.goodbooks, ',').flatMap((r) => {
    if (r['isbn_valid'] !== 'true') return [];
    const row = product(r['isbn13'], {
      description: tidy(r['title']),
      author: tidy(r['authors']),
      publishDate: yearDate(r['original_publication_year']),
      source: DEMO_SOURCES.goodbooks,
    });
    return row ? [row] : [];
  });
}

let cached: readonly ExternalProductRow[] | undefined;

/**
 * Every demo product, one per ISBN-13: the files in the order UofT (textbooks with edition and
 * price), Language Science Press, goodbooks-10k; the first row of an ISBN wins. Always the same
 * rows in the same order, so the ids the table gives them are reproducible.
 */
export function demoProducts(): readonly ExternalProductRow[] {
  if (cached) return cached;
  const byEan = new Map<string, ExternalProductRow>();
  for (const row of [...uoftProducts(), ...langsciProducts(), ...goodbooksProducts()]) {
    if (!byEan.has(row.ean13)) byEan.set(row.ean13, row);
  }
  cached = Object.freeze([...byEan.values()]);
  return cached;
}

/**
 * Loads the demo catalog when `external_products` is empty (it is shared by every store: a
 * second demo seed, or a catalog imported before, is left alone). Returns the rows inserted.
 */
export async function seedDemoProducts(db: Db): Promise<number> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from ${externalProducts}) as present`,
  );
  if (row?.present) return 0;
  const inserted = await insertRows(db, externalProducts, [...demoProducts()]);
  // Fresh statistics for material search's plans (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze ${externalProducts}`);
  return inserted;
}

/**
 * `count` real UofT textbooks spread evenly over the file (deterministic), for a store that
 * should also stock some of the distributor's books.
 */
export function sampleUoftTextbooks(count: number): ExternalProductRow[] {
  const textbooks = demoProducts().filter((p) => p.source === DEMO_SOURCES.uoft);
  const step = textbooks.length / Math.max(1, count);
  return Array.from({ length: Math.min(count, textbooks.length) }, (_, i) => {
    return textbooks[Math.floor(i * step)] as ExternalProductRow;
  });
}

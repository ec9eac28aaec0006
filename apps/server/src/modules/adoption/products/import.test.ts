import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase, testEngines } from '../../../test-support/test-database.ts';
import { FeedFileError, parseProductFeed } from './feed.ts';
import { formatImportReport, importProducts, type ImportReport } from './import.ts';

/**
 * A distributor feed built from real rows of the demo catalog's sources (UofT Bookstore,
 * Language Science Press, goodbooks-10k: see db/seed/external-catalog/NOTICE.md), with the dirt
 * real files have. Line numbers are the file's (the header is line 1).
 */
const FEED = [
  /* 1 */ 'ISBN13,Title,Author,Edition,Publisher,Publish_Date,List_Price,Product_Code,Shelf',
  /* 2 */ '978-0-07-000657-7,Complex Analysis 3E O/P,Ahlfors  O/P,3rd,McGraw Hill,1979,342.95,TXT,A1',
  /* 3 */ '9783944675015,Prosodic detail in Neapolitan Italian,"Cangemi, Francesco",,Language Science Press,2014,,,',
  // goodbooks-10k stored the ISBN-13 as a float: the last digits are gone.
  /* 4 */ '9.78043902348e+12,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,,,2008,,,',
  // ... and the ISBN-10 as a number: the leading zero is gone.
  /* 5 */ '439554934,"Harry Potter and the Sorcerer\'s Stone (Harry Potter, #1)","J.K. Rowling, Mary GrandPré",,,1997,,,',
  // An ISBN-10 with an X check character is converted to its ISBN-13.
  /* 6 */ '0-393-09040-X,Marx-Engels Reader,Tucker,2nd,W. W. Norton,1978-06-01,49.00,,',
  // Paradise Lost (9780140424393) with its last digit mistyped.
  /* 7 */ '978-0-14-042439-4,Paradise Lost,Milton,,Penguin Classics,,14.90,,',
  // A title over two lines (quoted): the next row starts on line 10.
  /* 8 */ '9780140440164,"Hedda Gabler',
  /* 9 */ '& Other Plays",Ibsen,,Penguin Classics,,12.50,,',
  /* 10 */ '9780064431781,,Sendak,,,,9.30,,',
  /* 11 */ '9780140481341,Death Of A Salesman,Miller,,,2021-02-30,16.35,,',
  /* 12 */ '9780141439563,Great Expectations,Dickens,,,,fifteen,,',
  /* 13 */ '9780872207318,Aeneid\u0000,Virgil,,,,18.90,,',
  /* 14 */ '',
  // The same book twice: the later row (line 16) is imported, line 15 reported.
  /* 15 */ '9780140424393,Paradise Lost,Milton,1st,Penguin Classics,,11.00,,',
  /* 16 */ '978-0140424393,Paradise Lost (Ed: Kerrigan),Milton,2nd,Penguin Classics,2008,14.90,,',
].join('\r\n');

describe('parseProductFeed', () => {
  const feed = parseProductFeed(FEED, 'test-feed');
  const reasonAt = (line: number) =>
    [...feed.rejected, ...feed.duplicates].filter((p) => p.line === line).map((p) => p.reason);

  it('reads every data row, skipping blank lines', () => {
    expect(feed.read).toBe(13);
    expect(feed.products.length + feed.rejected.length + feed.duplicates.length).toBe(13);
  });

  it('cleans and converts ISBNs, and tidies text', () => {
    const byEan = new Map(feed.products.map((p) => [p.ean13, p]));
    expect(byEan.get('9780070006577')).toMatchObject({
      isbn10: '0070006571',
      description: 'Complex Analysis 3E O/P',
      author: 'Ahlfors O/P',
      edition: '3rd',
      publisher: 'McGraw Hill',
      publishDate: '1979-01-01',
      listPriceCents: 34295,
      productCode: 'TXT',
      source: 'test-feed',
    });
    expect(byEan.get('9780393090406')).toMatchObject({
      isbn10: '039309040X',
      publishDate: '1978-06-01',
      listPriceCents: 4900,
    });
    expect(byEan.get('9780140440164')?.description).toBe('Hedda Gabler & Other Plays');
    expect(byEan.get('9783944675015')).toMatchObject({
      author: 'Cangemi, Francesco',
      listPriceCents: 0,
      productCode: '',
    });
  });

  it('rejects each bad row with its line and reason', () => {
    expect(reasonAt(4)).toEqual([
      'bad ISBN "9.78043902348e+12": a number in scientific notation has lost digits (keep the column as text)',
    ]);
    expect(reasonAt(5)).toEqual([
      'bad ISBN "439554934": an ISBN has 13 or 10 characters, this has 9 (leading zeros lost? 0439554934 is valid)',
    ]);
    expect(reasonAt(7)).toEqual(['bad ISBN "978-0-14-042439-4": the check digit is wrong']);
    expect(reasonAt(10)).toEqual(['missing title']);
    expect(reasonAt(11)).toEqual(['bad publish_date "2021-02-30": use YYYY-MM-DD or YYYY']);
    expect(reasonAt(12)[0]).toMatch(/^bad list_price "fifteen"/);
    expect(reasonAt(13)).toEqual(['title contains a NUL character']);
    expect(feed.rejected.map((p) => p.line)).toEqual([4, 5, 7, 10, 11, 12, 13]);
  });

  it('keeps the later row of an ISBN given twice and reports the earlier one', () => {
    expect(feed.duplicates).toEqual([
      {
        line: 15,
        reason: 'duplicate ISBN 9780140424393: line 16 has it again and is imported instead',
      },
    ]);
    const lost = feed.products.filter((p) => p.ean13 === '9780140424393');
    expect(lost).toEqual([expect.objectContaining({ edition: '2nd', listPriceCents: 1490 })]);
    // File order is kept: the duplicate's survivor comes last.
    expect(feed.products.map((p) => p.ean13)).toEqual([
      '9780070006577',
      '9783944675015',
      '9780393090406',
      '9780140440164',
      '9780140424393',
    ]);
  });

  it('refuses a file it cannot import as a whole', () => {
    expect(() => parseProductFeed('', 'x')).toThrow(FeedFileError);
    expect(() => parseProductFeed('title,author\nA Book,Someone\n', 'x')).toThrow(/no ISBN column/);
    expect(() => parseProductFeed('isbn,author\n9780140424393,Milton\n', 'x')).toThrow(
      /no title column/,
    );
    expect(() => parseProductFeed('isbn,title\n9780140424393,"Paradise\n', 'x')).toThrow(
      /not valid CSV/,
    );
  });

  it('takes an ISBN-10 column when the row has no other ISBN, and checks one given with it', () => {
    const parsed = parseProductFeed(
      [
        'isbn,isbn10,title',
        ',0140424393,Paradise Lost',
        '9780140440164,014-044016-x,Hedda Gabler',
        '9780141439563,0141439565,Great Expectations',
        '9780872207318,0140424393,Aeneid',
        ',,Nothing',
      ].join('\n'),
      'x',
    );
    expect(parsed.products.map((p) => [p.ean13, p.isbn10])).toEqual([
      ['9780140424393', '0140424393'],
      ['9780140440164', '014044016X'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 4, reason: 'bad isbn10 "0141439565": not a valid ISBN-10' },
      { line: 5, reason: 'isbn10 "0140424393" is not the ISBN-10 of 9780872207318' },
      { line: 6, reason: 'missing ISBN' },
    ]);
  });

  it('reads the availability column in any case and spelling, and rejects a value it does not know', () => {
    const parsed = parseProductFeed(
      [
        'isbn,title,Availability',
        '9780140424393,Paradise Lost,Available',
        '9780140440164,Hedda Gabler,NOT OFFERED',
        '9780141439563,Great Expectations,discontinued',
        '9780872207318,Aeneid,Out-of-print',
        '9780064431781,Where The Wild Things Are,',
        '9780140481341,Death Of A Salesman,backorder',
      ].join('\n'),
      'x',
    );
    expect(parsed.products.map((p) => p.availability)).toEqual([
      'AVAILABLE',
      'NOT_OFFERED',
      'NOT_OFFERED',
      'OUT_OF_PRINT',
      'AVAILABLE',
    ]);
    expect(parsed.rejected).toEqual([
      {
        line: 7,
        reason:
          'bad availability "backorder": use available, not offered, discontinued or out of print',
      },
    ]);
    // A feed without the column leaves what is stored alone.
    const without = parseProductFeed('isbn,title\n9780140424393,Paradise Lost', 'x');
    expect(without.products[0]).not.toHaveProperty('availability');
  });
});

describe('formatImportReport', () => {
  it('prints the counts and at most 50 reasons, then how many more', () => {
    const problems = Array.from({ length: 53 }, (_, i) => ({
      line: i + 2,
      reason: 'missing title',
    }));
    const report: ImportReport = {
      read: 60,
      inserted: 5,
      updated: 2,
      rejected: 53,
      duplicates: 0,
      problems,
    };
    const lines = formatImportReport(report).split('\n');
    expect(lines[0]).toBe(
      'Read 60 rows: 5 inserted, 2 updated, 53 rejected, 0 duplicates (the later row imported).',
    );
    expect(lines[1]).toBe('  line 2: missing title');
    expect(lines).toHaveLength(1 + 50 + 1);
    expect(lines[50]).toBe('  line 51: missing title');
    expect(lines.at(-1)).toBe('  and 3 more');
  });
});

const engines = await testEngines();

describe.each(engines)('importProducts (%s)', (engine) => {
  let database: Database;
  let first: ImportReport;

  const stored = () =>
    queryRows<{
      ean13: string;
      isbn10: string | null;
      description: string;
      author: string;
      edition: string;
      publishDate: string | null;
      listPriceCents: number;
      productCode: string;
      source: string;
    }>(
      database.db,
      sql`select ean13, isbn10, description, author, edition, publish_date::text as "publishDate",
            list_price_cents as "listPriceCents", product_code as "productCode", source
          from external_products order by ean13`,
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    first = await importProducts(database.db, FEED, { source: 'feed-2026-10' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('inserts the valid rows and reports the rest', async () => {
    expect(first).toMatchObject({ read: 13, inserted: 5, updated: 0, rejected: 7, duplicates: 1 });
    expect(first.problems.map((p) => p.line)).toEqual([4, 5, 7, 10, 11, 12, 13, 15]);
    const rows = await stored();
    expect(rows.map((r) => r.ean13)).toEqual([
      '9780070006577',
      '9780140424393',
      '9780140440164',
      '9780393090406',
      '9783944675015',
    ]);
    expect(rows.find((r) => r.ean13 === '9780140424393')).toMatchObject({
      description: 'Paradise Lost (Ed: Kerrigan)',
      edition: '2nd',
      publishDate: '2008-01-01',
      listPriceCents: 1490,
      source: 'feed-2026-10',
    });
  });

  it('updates a product imported again instead of adding it twice', async () => {
    const again = [
      'isbn,title,author,list_price,edition',
      '9780140424393,Paradise Lost,John Milton,15.95,3rd',
      '9780141439563,Great Expectations,Dickens,15.45,',
    ].join('\n');
    const report = await importProducts(database.db, again, { source: 'feed-2026-11' });
    expect(report).toMatchObject({ read: 2, inserted: 1, updated: 1, rejected: 0 });
    const rows = await stored();
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.ean13 === '9780140424393')).toEqual([
      {
        ean13: '9780140424393',
        isbn10: '0140424393',
        description: 'Paradise Lost',
        author: 'John Milton',
        edition: '3rd',
        // The new file has no publish_date column: the stored date stays.
        publishDate: '2008-01-01',
        listPriceCents: 1595,
        productCode: '',
        source: 'feed-2026-11',
      },
    ]);
  });

  it('writes in chunks, counting new and existing products in each', async () => {
    const rows = [
      'ean13,title',
      '9780070006577,Complex Analysis',
      '9780064431781,Where The Wild Things Are',
      '9780140481341,Death Of A Salesman',
      '9783944675015,Prosodic detail in Neapolitan Italian',
      '9780872207318,Aeneid',
    ].join('\n');
    const report = await importProducts(database.db, rows, { source: 'chunks', chunkRows: 2 });
    expect(report).toMatchObject({ read: 5, inserted: 3, updated: 2, rejected: 0 });
    const count = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from external_products`,
    );
    expect(count[0]?.n).toBe(9);
    // The search column the material search reads is filled from the imported title.
    const found = await queryRows<{ ean13: string }>(
      database.db,
      sql`select ean13 from external_products
          where search_words @@ to_tsquery('simple', 'neapolitan & cangemi')`,
    );
    expect(found).toEqual([{ ean13: '9783944675015' }]);
  });
});

describe('the import:products command', () => {
  const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
  let work: string;
  // The command's own database: a throwaway PostgreSQL one when reachable (quicker to open than
  // a new PGlite folder), else a PGlite folder.
  let target: (Database & { url?: string }) | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'csp-import-'));
    if (engines.includes('postgres')) target = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/modules/adoption/products/import-cli.ts', ...args],
      {
        cwd: serverDir,
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: target?.url ?? '',
          DATA_DIR: join(work, 'data'),
          // Relative paths are the caller's, as when run through npm from another folder.
          INIT_CWD: work,
        },
      },
    );

  it('refuses a file it cannot read or that would import nothing, before opening a database', () => {
    const missing = run(['no-such-feed.csv']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Cannot read');

    writeFileSync(
      join(work, 'latin1.csv'),
      Buffer.from('isbn,title\n9780140424393,Fran\xe7ais\n', 'latin1'),
    );
    const latin1 = run(['latin1.csv']);
    expect(latin1.status).toBe(1);
    expect(latin1.stderr).toContain('not UTF-8');

    writeFileSync(join(work, 'header.csv'), 'isbn,title\n');
    const header = run(['header.csv']);
    expect(header.status).toBe(1);
    expect(header.stderr).toContain('no data rows');

    writeFileSync(join(work, 'bad.csv'), 'isbn,title\n9780140424394,Paradise Lost\n,Aeneid\n');
    const bad = run(['bad.csv']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('line 2: bad ISBN "9780140424394": the check digit is wrong');
    expect(bad.stderr).toContain('line 3: missing ISBN');
    expect(bad.stderr).toContain('every row was rejected');

    expect(run([]).status).toBe(2);
    // None of these created the PGlite folder.
    expect(existsSync(join(work, 'data'))).toBe(false);
  });

  it('imports a file and prints its report', async () => {
    writeFileSync(join(work, 'distributor-feed.csv'), FEED);
    const ok = run(['distributor-feed.csv']);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('as source "distributor-feed"');
    expect(ok.stdout).toContain(
      'Read 13 rows: 5 inserted, 0 updated, 7 rejected, 1 duplicates (the later row imported).',
    );
    expect(ok.stdout).toContain('  line 7: bad ISBN "978-0-14-042439-4": the check digit is wrong');
    if (target) {
      const rows = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from external_products where source = 'distributor-feed'`,
      );
      expect(rows[0]?.n).toBe(5);
    }
  });
});

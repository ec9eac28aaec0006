import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase, testEngines } from '../../../test-support/test-database.ts';
import { parseProductFeed } from './feed.ts';
import { importProducts } from './import.ts';

/** Language Science Press books (open access) and a bought one, as a distributor sends them. */
const FEED = [
  'isbn,title,Kind,License,Access_URL,list_price,used_price,rental_price,digital_price',
  '9783961100637,A grammar of Pichi,OER,CC BY 4.0,https://langsci-press.org/catalog/book/17,,,,',
  '9783944675015,Prosodic detail in Neapolitan Italian,open access,CC BY 4.0,,,,,',
  '9780070006577,Complex Analysis,Print,,,342.95,"$1,99.00",120,89.5',
  '9780140424393,Paradise Lost,library-licensed,,https://library.example.edu/pl,14.90,,,',
  '9780140440164,Hedda Gabler,Inclusive Access,,,,,,',
  '9780141439563,Great Expectations,ia,,,,,,',
  '9780872207318,Aeneid,FREE,,,,,,',
  '9780064431781,Where The Wild Things Are,e-book,,,,,,',
  '9780140481341,Death Of A Salesman,paper,,,,,,',
  '9780393090406,Marx-Engels Reader,,,ftp://example.org/book,,,,',
  '9780131103627,The C Programming Language,,,,,,twenty,',
].join('\n');

describe('the product feed: material kinds and prices by way offered (issue 31)', () => {
  const feed = parseProductFeed(FEED, 'test-feed');

  it('reads the kind in any case and its friendly words, with the licence and address', () => {
    expect(feed.products.map((p) => [p.ean13, p.materialKind])).toEqual([
      ['9783961100637', 'OER'],
      ['9783944675015', 'OER'],
      ['9780140424393', 'LIBRARY_LICENSED'],
      ['9780140440164', 'INCLUSIVE_ACCESS'],
      ['9780141439563', 'INCLUSIVE_ACCESS'],
      ['9780872207318', 'FREE'],
      ['9780064431781', 'COMMERCIAL_DIGITAL'],
    ]);
    expect(feed.products[0]).toMatchObject({
      licence: 'CC BY 4.0',
      accessUrl: 'https://langsci-press.org/catalog/book/17',
      usedPriceCents: null,
      rentalPriceCents: null,
      digitalPriceCents: null,
    });
  });

  it('rejects an unknown kind, a bad address or price, naming the column', () => {
    expect(feed.rejected).toEqual([
      {
        line: 4,
        reason: 'bad used_price "$1,99.00": use dollars and cents, e.g. 129.95 (at most 1000000)',
      },
      {
        line: 10,
        reason:
          'bad material_kind "paper": use print, digital, inclusive access (IA), OER (open), library, free',
      },
      { line: 11, reason: 'bad access_url "ftp://example.org/book": use an http(s) address' },
      {
        line: 12,
        reason: 'bad rental_price "twenty": use dollars and cents, e.g. 129.95 (at most 1000000)',
      },
    ]);
  });

  it('leaves out the columns a feed does not have', () => {
    const [product] = parseProductFeed('isbn,title\n9780140424393,Paradise Lost', 'x').products;
    for (const field of ['materialKind', 'licence', 'accessUrl', 'usedPriceCents']) {
      expect(product).not.toHaveProperty(field);
    }
  });
});

const engines = await testEngines();

describe.each(engines)('importProducts: kinds and prices (%s)', (engine) => {
  let database: Database;
  const stored = () =>
    queryRows<Record<string, unknown>>(
      database.db,
      sql`select ean13, material_kind as "materialKind", licence, access_url as "accessUrl",
            list_price_cents as "listPriceCents", used_price_cents as "usedPriceCents",
            rental_price_cents as "rentalPriceCents", digital_price_cents as "digitalPriceCents"
          from external_products order by ean13`,
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.close());

  it('stores the kind and prices, and a later feed without those columns keeps them', async () => {
    await importProducts(
      database.db,
      [
        'isbn,title,kind,licence,access_url,list_price,used_price,rental_price,digital_price',
        '9783961100637,A grammar of Pichi,OER,CC BY 4.0,https://langsci-press.org/catalog/book/17,,,,',
        '9780070006577,Complex Analysis,print,,,342.95,199.00,120,89.50',
      ].join('\n'),
    );
    const expected = [
      {
        ean13: '9780070006577',
        materialKind: 'COMMERCIAL_PRINT',
        licence: null,
        accessUrl: null,
        listPriceCents: 34295,
        usedPriceCents: 19900,
        rentalPriceCents: 12000,
        digitalPriceCents: 8950,
      },
      {
        ean13: '9783961100637',
        materialKind: 'OER',
        licence: 'CC BY 4.0',
        accessUrl: 'https://langsci-press.org/catalog/book/17',
        listPriceCents: 0,
        usedPriceCents: null,
        rentalPriceCents: null,
        digitalPriceCents: null,
      },
    ];
    expect(await stored()).toEqual(expected);
    const again = await importProducts(
      database.db,
      'isbn,title\n9783961100637,A grammar of Pichi (2nd)\n9780070006577,Complex Analysis',
    );
    expect(again).toMatchObject({ updated: 2, rejected: 0 });
    expect(await stored()).toEqual(expected);
  });
});

import { isbn13To10, isValidIsbn13 } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../bulk-write.ts';
import type { Database } from '../../client.ts';
import { createTestDatabase, testEngines } from '../../../test-support/test-database.ts';
import {
  DEMO_SOURCES,
  demoProducts,
  ordinalEdition,
  sampleUoftTextbooks,
  seedDemoProducts,
  yearDate,
} from './demo-products.ts';
import { generateExternalProducts, GENERATED_SOURCE } from './large-products.ts';

/** The real books of the three files: 1,401 UofT + 351 Language Science Press + 9,277 goodbooks-10k
 * ISBNs, less the 39 goodbooks books UofT already has. */
const DEMO_PRODUCT_COUNT = 10_990;

describe('the demo distributor catalog', () => {
  const products = demoProducts();
  const byEan = new Map(products.map((p) => [p.ean13, p]));

  it('has every real book with a valid ISBN once', () => {
    expect(products).toHaveLength(DEMO_PRODUCT_COUNT);
    expect(byEan.size).toBe(products.length);
    const invalid = products.filter((p) => !isValidIsbn13(p.ean13));
    expect(invalid).toEqual([]);
    expect(products.filter((p) => p.isbn10 !== isbn13To10(p.ean13))).toEqual([]);
    expect(products.filter((p) => p.description === '')).toEqual([]);
    const perSource = Object.fromEntries(
      Object.values(DEMO_SOURCES).map((s) => [s, products.filter((p) => p.source === s).length]),
    );
    expect(perSource).toEqual({
      'uoft-bookstore': 1401,
      'langsci-press': 351,
      'goodbooks-10k': 9238,
    });
  });

  it('carries the real titles, authors, editions, publishers and years', () => {
    expect(byEan.get('9780070006577')).toMatchObject({
      description: 'Complex Analysis 3E O/P',
      author: 'Ahlfors O/P',
      edition: '3rd',
      listPriceCents: 34295,
      source: 'uoft-bookstore',
    });
    expect(byEan.get('9783944675015')).toMatchObject({
      description: 'Prosodic detail in Neapolitan Italian',
      author: 'Francesco Cangemi',
      publisher: 'Language Science Press',
      publishDate: '2014-01-01',
      source: 'langsci-press',
    });
    expect(byEan.get('9780439023481')).toMatchObject({
      description: 'The Hunger Games (The Hunger Games, #1)',
      author: 'Suzanne Collins',
      publishDate: '2008-01-01',
      source: 'goodbooks-10k',
    });
    // Several goodbooks authors stay as the file has them.
    expect(byEan.get('9780439554930')?.author).toBe('J.K. Rowling, Mary GrandPré');
    // Edited volumes: "Last, First & Last, First" as names, marked as edited.
    expect(byEan.get('9783944675831')?.author).toBe('Claudio Fantinuoli, Federico Zanettin (eds.)');
    expect(byEan.get('9783944675480')?.author).toBe('Marian Klamer (ed.)');
    const edited = products.filter(
      (p) => p.source === 'langsci-press' && / \(eds?\.\)$/.test(p.author),
    );
    expect(edited.length).toBeGreaterThan(100);
    expect(
      products.filter((p) => p.author.includes(' & ') && p.source === 'langsci-press'),
    ).toEqual([]);
  });

  it('marks the Language Science Press books OER, with their own licence and DOI address', () => {
    expect(byEan.get('9783944675015')).toMatchObject({
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://doi.org/10.17169/FUDOCS_document_000000020994',
    });
    const langsci = products.filter((p) => p.source === 'langsci-press');
    expect(langsci.filter((p) => p.materialKind !== 'OER')).toEqual([]);
    // The licences as the data gives them (two books are not CC BY).
    expect(new Set(langsci.map((p) => p.licence))).toEqual(
      new Set(['CC BY 4.0', 'CC BY-SA 4.0', 'CC BY-NC-ND 4.0']),
    );
    expect(langsci.filter((p) => p.accessUrl === null)).toHaveLength(3);
    // The other sources are bought books.
    expect(
      products.filter((p) => p.source !== 'langsci-press' && p.materialKind !== 'COMMERCIAL_PRINT'),
    ).toEqual([]);
  });

  it('keeps the first file of a book in two (UofT, with its edition and price)', () => {
    // Orientalism is in the UofT list and in goodbooks-10k ("Orientalism", Edward Said).
    expect(byEan.get('9780394740676')).toMatchObject({
      description: 'Orientalism W/New Afterword',
      author: 'Said',
      edition: '1st',
      listPriceCents: 2150,
      source: 'uoft-bookstore',
    });
  });

  it('writes editions and years the way store titles do', () => {
    expect(['1', '2', '3', '4', '11', '12', '13', '21', '22', '103'].map(ordinalEdition)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '103rd',
    ]);
    expect(ordinalEdition('Revised')).toBe('Revised');
    expect([yearDate('1813'), yearDate('-720'), yearDate('Forthcoming'), yearDate('')]).toEqual([
      '1813-01-01',
      null,
      null,
      null,
    ]);
  });

  it('samples the same real textbooks for a store every time', () => {
    const sample = sampleUoftTextbooks(40);
    expect(sample).toHaveLength(40);
    expect(new Set(sample.map((p) => p.ean13)).size).toBe(40);
    expect(sample.every((p) => p.source === 'uoft-bookstore')).toBe(true);
    expect(sampleUoftTextbooks(40)).toEqual(sample);
    expect(sample.map((p) => p.description)).toContain('Introductory Econometrics 7E');
  });
});

describe('generated large-seed products', () => {
  const today = new Date('2026-09-01T12:00:00Z');
  const taken = ['9780070006577', ...demoProducts().map((p) => p.ean13)];
  const rows = generateExternalProducts(3000, today, taken);

  it('are reproducible, with distinct valid ISBNs none of which was taken', () => {
    expect(generateExternalProducts(3000, today, taken)).toEqual(rows);
    const eans = rows.map((r) => r.ean13);
    expect(new Set(eans).size).toBe(3000);
    expect(eans.every(isValidIsbn13)).toBe(true);
    const takenSet = new Set(taken);
    expect(eans.filter((e) => takenSet.has(e))).toEqual([]);
    const digital = rows.flatMap((r) => (r.digitalIsbn ? [r.digitalIsbn] : []));
    expect(digital.every((d) => d.startsWith('979') && isValidIsbn13(d))).toBe(true);
    expect(digital.length / rows.length).toBeGreaterThan(0.15);
    expect(digital.filter((d) => eans.includes(d))).toEqual([]);
    expect(rows.every((r) => r.isbn10 === isbn13To10(r.ean13))).toBe(true);
  });

  it('look like a distributor catalog of the last 30 years', () => {
    const years = rows.map((r) => Number(r.publishDate?.slice(0, 4)));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(1996);
    expect(Math.max(...years)).toBeLessThanOrEqual(2026);
    const lengths = rows.map((r) => r.description.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(2); // "It" (Stephen King) is real
    expect(lengths.reduce((a, b) => a + b, 0) / rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.publisher)).size).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.edition))).toContain('2nd');
    expect(rows.filter((r) => r.author === '').length / rows.length).toBeLessThan(0.15);
    expect(rows.every((r) => r.source === GENERATED_SOURCE && r.listPriceCents > 0)).toBe(true);
  });
});

describe.each(await testEngines())('seedDemoProducts (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads the catalog into an empty table, once', async () => {
    expect(await seedDemoProducts(database.db)).toBe(DEMO_PRODUCT_COUNT);
    expect(await seedDemoProducts(database.db)).toBe(0);
    const rows = await queryRows<{ n: number; eans: number; first: string }>(
      database.db,
      sql`select count(*)::int as n, count(distinct ean13)::int as eans,
            (select description from external_products order by id limit 1) as first
          from external_products`,
    );
    expect(rows).toEqual([
      { n: DEMO_PRODUCT_COUNT, eans: DEMO_PRODUCT_COUNT, first: 'Where The Wild Things Are' },
    ]);
  });
});

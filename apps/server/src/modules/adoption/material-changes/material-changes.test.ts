import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeIsbn13, type MaterialChange } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import * as t from '../../../db/schema/index.ts';
import {
  createTestDatabase,
  testEngines,
  type Engine,
} from '../../../test-support/test-database.ts';
import { seedTestFixture } from '../../../test-support/test-fixture.ts';
import { formatEan13 } from '../wizard/titles.ts';
import { titleChanges } from './material-changes.ts';

const engines: Engine[] = await testEngines();

let next = 100_000;
const isbn = () => makeIsbn13('978', next++);

type TitleRow = Partial<typeof t.titles.$inferInsert>;
type ProductRow = Partial<typeof t.externalProducts.$inferInsert>;

describe.each(engines)('titleChanges (%s)', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  let storeA: number;
  let storeB: number;

  const title = async (row: TitleRow, locationId = storeA) => {
    const [r] = await db
      .insert(t.titles)
      .values({ locationId, ean13: isbn(), description: 'Untitled', author: 'A. Author', ...row })
      .returning({ id: t.titles.id, ean13: t.titles.ean13 });
    return r!;
  };
  const product = async (row: ProductRow) => {
    const ean13 = row.ean13 ?? isbn();
    await db
      .insert(t.externalProducts)
      .values({ ean13, description: 'Untitled', author: 'A. Author', ...row });
    return ean13;
  };
  const changesOf = async (id: number, locationId = storeA): Promise<MaterialChange[]> =>
    (await titleChanges(db, locationId, [id])).get(id) ?? [];
  const kinds = async (id: number) => (await changesOf(id)).map((c) => c.kind);

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    db = database.db;
    close = () => database.close();
    const fixture = await seedTestFixture(db);
    storeA = fixture.locations.a;
    storeB = fixture.locations.b;
  });
  afterAll(async () => close?.());

  it('finds a later edition number of the same work in the distributor’s catalog', async () => {
    const old = await title({
      description: 'Organic Chemistry',
      author: 'Paula Bruice',
      edition: '2nd',
      publishDate: '2019-01-01',
    });
    const third = await product({
      description: 'ORGANIC CHEMISTRY',
      author: 'PAULA BRUICE',
      edition: 'Third',
      publishDate: '2018-06-01',
    });
    await product({ description: 'Organic Chemistry', author: 'Paula Bruice', edition: '1st' });
    expect(await changesOf(old.id)).toEqual([
      {
        kind: 'NEWER_EDITION',
        message: `3rd edition (2018) is in the catalog: ISBN ${formatEan13(third)}.`,
        newerIsbn: formatEan13(third),
      },
    ]);
  });

  it('finds a later year of the same edition in the store’s own titles, the newest of several', async () => {
    const old = await title({
      description: 'Grammatical theory',
      author: 'Stefan Müller',
      edition: '',
      publishDate: '2018-01-01',
    });
    await title({
      description: 'Grammatical theory',
      author: 'Stefan Müller',
      publishDate: '2020-01-01',
    });
    const newest = await title({
      description: 'Grammatical Theory',
      author: 'Stefan Müller',
      edition: 'Revised',
      publishDate: '2023-01-01',
    });
    const [change] = await changesOf(old.id);
    expect(change).toMatchObject({ kind: 'NEWER_EDITION', newerIsbn: formatEan13(newest.ean13) });
    expect(change!.message).toBe(
      `A later edition (2023) is in the catalog: ISBN ${formatEan13(newest.ean13)}.`,
    );
  });

  it('reports nothing for the same edition, an older one, another author or another store', async () => {
    const current = await title({
      description: 'Physical Chemistry',
      author: 'Ira Levine',
      edition: '7th ed.',
      publishDate: '2020-01-01',
    });
    await product({
      description: 'Physical Chemistry',
      author: 'Ira Levine',
      edition: '7',
      publishDate: '2020-01-01',
    });
    await product({
      description: 'Physical Chemistry',
      author: 'Ira Levine',
      edition: '6th',
      publishDate: '2024-01-01',
    });
    await product({ description: 'Physical Chemistry', author: 'Peter Atkins', edition: '11th' });
    await title(
      { description: 'Physical Chemistry', author: 'Ira Levine', edition: '8th' },
      storeB,
    );
    // A later edition the distributor no longer offers is nothing to adopt instead.
    await product({
      description: 'Physical Chemistry',
      author: 'Ira Levine',
      edition: '9th',
      availability: 'NOT_OFFERED',
    });
    expect(await changesOf(current.id)).toEqual([]);
    // A title without authors (a course pack) is not matched by its name alone.
    const pack = await title({
      description: 'Chemistry Course Pack',
      author: '',
      publishDate: '2020-01-01',
    });
    await title({ description: 'Chemistry Course Pack', author: '', publishDate: '2024-01-01' });
    expect(await changesOf(pack.id)).toEqual([]);
  });

  it('reports a title the distributor no longer offers or marks out of print', async () => {
    const gone = await title({});
    await product({ ean13: gone.ean13, availability: 'NOT_OFFERED' });
    expect(await changesOf(gone.id)).toEqual([
      { kind: 'NOT_OFFERED', message: 'The distributor no longer offers this title.' },
    ]);
    const oop = await title({});
    await product({ ean13: oop.ean13, availability: 'OUT_OF_PRINT' });
    expect(await kinds(oop.id)).toEqual(['OUT_OF_PRINT']);
    const offered = await title({});
    await product({ ean13: offered.ean13 });
    expect(await kinds(offered.id)).toEqual([]);
  });

  it('reports a title the store marked out of print, once when both say so', async () => {
    const marked = await title({ outOfPrint: true });
    expect(await changesOf(marked.id)).toEqual([
      { kind: 'OUT_OF_PRINT', message: 'This title is out of print.' },
    ]);
    const both = await title({ outOfPrint: true });
    await product({ ean13: both.ean13, availability: 'OUT_OF_PRINT' });
    expect(await kinds(both.id)).toEqual(['OUT_OF_PRINT']);
  });

  it('reports a price change over the store’s threshold, either way, and honours the setting', async () => {
    const up = await title({ listPriceCents: 10_000 });
    await product({ ean13: up.ean13, listPriceCents: 11_100 });
    const within = await title({ listPriceCents: 10_000 });
    await product({ ean13: within.ean13, listPriceCents: 11_000 });
    const down = await title({ listPriceCents: 10_000 });
    await product({ ean13: down.ean13, listPriceCents: 7_500 });
    const unpriced = await title({ listPriceCents: 0 });
    await product({ ean13: unpriced.ean13, listPriceCents: 9_000 });
    expect(await changesOf(up.id)).toEqual([
      {
        kind: 'PRICE_CHANGE',
        message: 'Price up 11%: $100.00 in the store, $111.00 from the distributor.',
      },
    ]);
    expect(await kinds(within.id)).toEqual([]);
    expect(await changesOf(down.id)).toEqual([
      {
        kind: 'PRICE_CHANGE',
        message: 'Price down 25%: $100.00 in the store, $75.00 from the distributor.',
      },
    ]);
    expect(await kinds(unpriced.id)).toEqual([]);
    await db.update(t.locations).set({ priceChangePercent: 30 }).where(eq(t.locations.id, storeA));
    try {
      expect(await kinds(down.id)).toEqual([]);
      expect(await kinds(up.id)).toEqual([]);
    } finally {
      await db
        .update(t.locations)
        .set({ priceChangePercent: 10 })
        .where(eq(t.locations.id, storeA));
    }
  });

  it('answers many titles at once, and nothing for another store’s or unknown ids', async () => {
    const a = await title({ outOfPrint: true });
    const b = await title({ outOfPrint: true });
    const quiet = await title({});
    const found = await titleChanges(db, storeA, [a.id, b.id, quiet.id, a.id, 999_999]);
    expect([...found.keys()].sort()).toEqual([a.id, b.id].sort());
    expect((await titleChanges(db, storeB, [a.id])).size).toBe(0);
    expect((await titleChanges(db, storeA, [])).size).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateTitleKind, type TitleDTO } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { wizardWorld, type WizardWorld } from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

const PRINT = {
  materialKind: 'COMMERCIAL_PRINT',
  licence: null,
  accessUrl: null,
  prices: { newCents: 12_500, usedCents: 9_400, rentalCents: 5_000, digitalCents: null },
};

/** Issue 31, point 1: the course materials team sets a title's kind, licence, address, prices. */
describe.each(engines)('updateTitleKind (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const update = (body: object, who = w.who.admin) =>
    w.call(who, updateTitleKind, { body: { titleId: w.titles.cells, ...body } });
  const stored = async () => {
    const [row] = await ctx.db.select().from(t.titles).where(eq(t.titles.id, w.titles.cells));
    return row;
  };

  it('stores the prices by way offered, the new one as the list price', async () => {
    const res = await update(PRINT);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ titleDTO: TitleDTO }>().titleDTO).toMatchObject({
      id: w.titles.cells,
      materialKind: 'COMMERCIAL_PRINT',
      prices: PRINT.prices,
    });
    expect(await stored()).toMatchObject({
      listPriceCents: 12_500,
      usedPriceCents: 9_400,
      rentalPriceCents: 5_000,
      digitalPriceCents: null,
    });
  });

  it('marks a title OER with its licence and address; clears a price with null', async () => {
    const res = await update({
      materialKind: 'OER',
      licence: ' CC BY 4.0 ',
      accessUrl: 'https://openstax.org/details/books/biology-2e',
      prices: { newCents: null, usedCents: null, rentalCents: null, digitalCents: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ titleDTO: TitleDTO }>().titleDTO).toMatchObject({
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://openstax.org/details/books/biology-2e',
      prices: { newCents: null, usedCents: null, rentalCents: null, digitalCents: null },
    });
    expect(await stored()).toMatchObject({ materialKind: 'OER', listPriceCents: 0 });
  });

  it.each([
    [{ materialKind: 'OER', licence: 'CC BY 4.0', accessUrl: null }, 'accessUrl'],
    [{ materialKind: 'OER', licence: '', accessUrl: 'https://example.org/b' }, 'licence'],
    [{ materialKind: 'LIBRARY_LICENSED', accessUrl: '' }, 'accessUrl'],
    [{ accessUrl: 'ftp://library.example.org/book' }, 'accessUrl'],
    [{ materialKind: 'PAPER' }, 'materialKind'],
    [{ prices: { ...PRINT.prices, usedCents: -1 } }, 'prices.usedCents'],
    [{ prices: { ...PRINT.prices, rentalCents: 12.5 } }, 'prices.rentalCents'],
    [{ prices: { ...PRINT.prices, newCents: 10_000_001 } }, 'prices.newCents'],
    [{ licence: 'x'.repeat(201) }, 'licence'],
  ])('refuses %j with a 400 naming %s', async (change, field) => {
    const before = await stored();
    const res = await update({ ...PRINT, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe(field);
    expect(await stored()).toEqual(before);
  });

  it("is the course materials team's, store-wide; another store's title is 404", async () => {
    expect((await update(PRINT, w.who.submitter)).statusCode).toBe(403);
    expect((await update(PRINT, w.who.instructor)).statusCode).toBe(403);
    const other = await w.call(w.who.admin, updateTitleKind, {
      body: { ...PRINT, titleId: w.titles.storeB },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json<{ field: string }>().field).toBe('titleId');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_PRICE_CHANGE_PERCENT,
  getStoreSettings,
  updateStoreSettings,
  type StoreSettings,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The price-change threshold of material changes (issue 30, point 5), a store setting. */
describe.each(engines)('store settings: the price-change threshold (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => ctx?.close());

  const read = async () => {
    const res = await callAs(ctx, admin, getStoreSettings);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StoreSettingsAnswer>();
  };
  const save = (settings: Partial<StoreSettings>, version: string) =>
    callAs(ctx, admin, updateStoreSettings, { body: { settings, version } });
  const stored = async () => {
    const [row] = await ctx.db
      .select({ percent: t.locations.priceChangePercent })
      .from(t.locations)
      .where(eq(t.locations.id, ctx.fixture.locations.a));
    return row?.percent;
  };

  it('answers the default, saves a new threshold and records the change', async () => {
    const before = await read();
    expect(before.settings.priceChangePercent).toBe(DEFAULT_PRICE_CHANGE_PERCENT);
    const res = await save({ ...before.settings, priceChangePercent: 15 }, before.version);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<StoreSettingsAnswer>();
    expect(after.settings.priceChangePercent).toBe(15);
    expect(after.history[0]).toMatchObject({
      fields: ['priceChangePercent'],
      values: [{ field: 'priceChangePercent', before: '10', after: '15' }],
    });
    expect(await stored()).toBe(15);
  });

  it('keeps the stored threshold when a save leaves it out', async () => {
    const current = await read();
    const { priceChangePercent: _left, ...rest } = current.settings;
    const res = await save({ ...rest, name: 'Store A, renamed' }, current.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoreSettingsAnswer>().settings.priceChangePercent).toBe(15);
    expect(await stored()).toBe(15);
  });

  it('refuses a threshold outside 1 to 100 or not whole, naming the field', async () => {
    const current = await read();
    for (const [value, message] of [
      [0, 'must be at least 1'],
      [101, 'must be at most 100'],
      [12.5, 'must be a whole number of percent'],
    ] as const) {
      const res = await save({ ...current.settings, priceChangePercent: value }, current.version);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'settings.priceChangePercent',
        message: expect.stringContaining(message) as string,
      });
    }
    expect(await stored()).toBe(15);
  });
});

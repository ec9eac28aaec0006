import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_COST_GAP_THRESHOLD_CENTS,
  DEFAULT_LTC_THRESHOLD_CENTS,
  getStoreSettings,
  updateStoreSettings,
  type StoreSettings,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The cost-transparency settings (issue 31, point 2): thresholds in cents and the library rule. */
describe.each(engines)('store settings: the cost thresholds (%s)', (engine) => {
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
      .select({
        ltc: t.locations.ltcThresholdCents,
        library: t.locations.libraryLicensedIsZero,
        gap: t.locations.costGapThresholdCents,
      })
      .from(t.locations)
      .where(eq(t.locations.id, ctx.fixture.locations.a));
    return row;
  };
  const reasonOfFixtureSection = async () => {
    const [row] = await ctx.db
      .select({ reason: t.sections.costReason })
      .from(t.sections)
      .where(eq(t.sections.id, ctx.fixture.catalog.sectionId));
    return row?.reason;
  };

  it('answers the defaults, saves new values and records the change', async () => {
    const before = await read();
    expect(before.settings).toMatchObject({
      ltcThresholdCents: DEFAULT_LTC_THRESHOLD_CENTS,
      libraryLicensedIsZero: true,
      costGapThresholdCents: DEFAULT_COST_GAP_THRESHOLD_CENTS,
    });
    const res = await save(
      {
        ...before.settings,
        ltcThresholdCents: 5_000,
        libraryLicensedIsZero: false,
        costGapThresholdCents: 2_500,
      },
      before.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<StoreSettingsAnswer>();
    expect(after.settings).toMatchObject({
      ltcThresholdCents: 5_000,
      libraryLicensedIsZero: false,
      costGapThresholdCents: 2_500,
    });
    expect(after.history[0]).toMatchObject({
      fields: ['ltcThresholdCents', 'libraryLicensedIsZero', 'costGapThresholdCents'],
      values: [
        { field: 'ltcThresholdCents', before: '4000', after: '5000' },
        { field: 'libraryLicensedIsZero', before: 'on', after: 'off' },
        { field: 'costGapThresholdCents', before: '5000', after: '2500' },
      ],
    });
    expect(await stored()).toEqual({ ltc: 5_000, library: false, gap: 2_500 });
    // The store's sections are priced again in the same save (the section has no adoption).
    expect(await reasonOfFixtureSection()).toBe('No adoption yet');
  });

  it('keeps the stored values when a save leaves them out', async () => {
    const current = await read();
    const {
      ltcThresholdCents: _ltc,
      libraryLicensedIsZero: _library,
      costGapThresholdCents: _gap,
      ...rest
    } = current.settings;
    const res = await save({ ...rest, name: 'Store A, renamed' }, current.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual({ ltc: 5_000, library: false, gap: 2_500 });
  });

  it('refuses a threshold negative, over $1,000 or not whole cents, naming the field', async () => {
    const current = await read();
    for (const field of ['ltcThresholdCents', 'costGapThresholdCents'] as const) {
      for (const [value, message] of [
        [-1, 'cannot be negative'],
        [100_001, 'must be at most 100000 cents'],
        [12.5, 'must be whole cents'],
      ] as const) {
        const res = await save({ ...current.settings, [field]: value }, current.version);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          field: `settings.${field}`,
          message: expect.stringContaining(message) as string,
        });
      }
    }
    const res = await save(
      { ...current.settings, libraryLicensedIsZero: 'yes' as unknown as boolean },
      current.version,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'settings.libraryLicensedIsZero' });
    expect(await stored()).toEqual({ ltc: 5_000, library: false, gap: 2_500 });
  });
});

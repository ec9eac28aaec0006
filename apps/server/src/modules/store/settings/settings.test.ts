import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStoreSettings,
  getWebsite,
  STORE_MESSAGES,
  STORE_REFUSAL,
  updateStoreSettings,
  updateWebsiteBranding,
  type StoreSettings,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { logoSvg, mobileLogoSvg } from '../../../db/seed/branding.ts';
import {
  addAccount,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import { orderWorld, type OrderWorld } from '../../../test-support/order-world.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { fillPath } from '@csp/contracts';

const engines = await testEngines();

const ADDRESS = {
  name: 'Store A Returns',
  streetOne: '1 College Ave',
  streetTwo: null,
  city: 'Springfield',
  state: 'il',
  postalCode: '62701',
  phone: '555-010-0199',
};

describe.each(engines)('store settings (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let permissionAdmin: Caller;
  let world: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    world = await orderWorld(ctx);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    const { userName } = await addAccount(ctx.db, ctx.fixture.locations.a, 'perm@store-a.test', [
      { role: 'PERMISSION_ADMINISTRATOR' },
    ]);
    permissionAdmin = await signIn(ctx, userName);
  });
  afterAll(async () => ctx?.close());

  const read = async () => {
    const res = await callAs(ctx, admin, getStoreSettings);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StoreSettingsAnswer>();
  };
  const save = (settings: StoreSettings, version: string, caller: Caller = admin) =>
    callAs(ctx, caller, updateStoreSettings, { body: { settings, version } });

  it("shows the store's settings and saves a change with who made it in the history", async () => {
    const before = await read();
    expect(before.settings.taxRatePercent).toBe(7.25);
    expect(before.settings.shippingMethods.map((m) => m.code)).toEqual([
      'PICKUP',
      'STANDARD',
      'EXPEDITED',
    ]);
    expect(before.websites.map((w) => w.host)).toEqual([FIXTURE_HOSTS.a]);

    const changed = {
      ...before.settings,
      taxRatePercent: 8.5,
      returnAddress: ADDRESS,
      shippingMethods: [
        ...before.settings.shippingMethods,
        { code: 'LOCKER', name: 'Campus locker', priceCents: 199, shipsToAddress: false },
      ],
    };
    const res = await save(changed, before.version);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<StoreSettingsAnswer>();
    expect(after.settings).toMatchObject({
      taxRatePercent: 8.5,
      returnAddress: { ...ADDRESS, state: 'IL' },
    });
    expect(after.settings.shippingMethods.at(-1)?.code).toBe('LOCKER');
    expect(after.version).not.toBe(before.version);
    expect(after.history[0]).toMatchObject({
      event: 'STORE_SETTINGS_CHANGED',
      actor: { userName: ctx.fixture.accounts.admin.userName },
      fields: ['taxRatePercent', 'returnAddress', 'shippingMethods'],
      // One value each has its before and after; an address or a list of methods is named.
      values: [{ field: 'taxRatePercent', before: '7.25', after: '8.5' }],
    });
    const [stored] = await ctx.db
      .select({ tax: t.locations.taxRateBasisPoints })
      .from(t.locations)
      .where(eq(t.locations.id, world.storeA));
    expect(stored?.tax).toBe(850);
  });

  it('refuses a save made on settings someone else changed meanwhile, changing nothing', async () => {
    const current = await read();
    const res = await save({ ...current.settings, taxRatePercent: 1 }, 'an-old-version');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STORE_MESSAGES.staleVersion, field: 'version' });
    expect((await read()).settings.taxRatePercent).toBe(current.settings.taxRatePercent);
  });

  it('keeps a shipping method that orders name, and removes one nobody used', async () => {
    await ctx.db
      .update(t.orders)
      .set({ shippingMethod: 'STANDARD' })
      .where(eq(t.orders.id, world.orders.open));
    const current = await read();
    const withoutStandard = current.settings.shippingMethods.filter((m) => m.code !== 'STANDARD');
    const refused = await save(
      { ...current.settings, shippingMethods: withoutStandard },
      current.version,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: STORE_MESSAGES.shippingMethodInUse('STANDARD', 1),
      field: 'shippingMethods',
    });
    const withoutLocker = current.settings.shippingMethods.filter((m) => m.code !== 'LOCKER');
    const saved = await save(
      { ...current.settings, shippingMethods: withoutLocker },
      current.version,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<StoreSettingsAnswer>().settings.shippingMethods.map((m) => m.code)).toEqual([
      'PICKUP',
      'STANDARD',
      'EXPEDITED',
    ]);
  });

  it('keeps a saved return address: it can be changed, not removed', async () => {
    const current = await read();
    expect(current.settings.returnAddress).not.toBeNull();
    const res = await save({ ...current.settings, returnAddress: null }, current.version);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: STORE_MESSAGES.returnAddressRequired,
      field: 'settings.returnAddress',
    });
    expect((await read()).settings.returnAddress).toEqual(current.settings.returnAddress);
  });

  it('names the field of bad input', async () => {
    const current = await read();
    const res = await save(
      { ...current.settings, returnAddress: { ...ADDRESS, postalCode: '6270' } },
      current.version,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'settings.returnAddress.postalCode' });
  });

  it('recolours a website at once, and refuses a colour white text cannot be read on', async () => {
    const [site] = (await read()).websites;
    const branding = {
      name: 'Store A',
      siteTitle: 'Store A Bookstore',
      primaryColor: '#004d40',
      secondaryColor: '#ad1457',
      publicUrl: 'https://books.store-a.test/',
    };
    const url = fillPath(updateWebsiteBranding.path, {
      userAccountId: admin.accountId,
      websiteId: site?.id ?? 0,
    });
    const put = (body: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url,
        headers: authHeaders(admin.host, admin.token),
        payload: body as object,
      });
    // A logo the portal drew (as `npm run store` does): it follows the new colours.
    const drawn = {
      ...{ host: '', jsonFileName: '', logoBase: '', initials: 'SA' },
      name: 'Store A',
      siteTitle: 'Store A Campus Store',
      primary: '#1a3d6d',
      secondary: '#8d2a1e',
    };
    const [current] = await ctx.db
      .select({ config: t.websites.config })
      .from(t.websites)
      .where(eq(t.websites.id, site?.id ?? 0));
    await ctx.db.insert(t.websiteAssets).values([
      {
        locationId: world.storeA,
        fileName: 'drawn.svg',
        contentType: 'image/svg+xml',
        content: logoSvg(drawn),
      },
      {
        locationId: world.storeA,
        fileName: 'drawn-mobile.svg',
        contentType: 'image/svg+xml',
        content: mobileLogoSvg(drawn),
      },
    ]);
    await ctx.db
      .update(t.websites)
      .set({
        config: {
          ...current!.config,
          logo: '/site-config/logos/drawn.svg',
          logoMobile: '/site-config/logos/drawn-mobile.svg',
        },
      })
      .where(eq(t.websites.id, site?.id ?? 0));

    const res = await put({ branding });
    expect(res.statusCode, res.body).toBe(200);
    const logo = await ctx.app.inject({
      method: 'GET',
      url: '/site-config/logos/drawn.svg',
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(logo.body).toContain('fill="#004d40"');
    expect(logo.body).toContain('<title>Store A Bookstore</title>');
    expect(logo.body).not.toContain('#1a3d6d');
    const answer = res.json<StoreSettingsAnswer>();
    expect(answer.websites[0]).toMatchObject({
      siteTitle: 'Store A Bookstore',
      primaryColor: '#004d40',
      publicUrl: 'https://books.store-a.test',
    });
    expect(answer.history[0]).toMatchObject({
      event: 'WEBSITE_CHANGED',
      fields: [
        `website ${FIXTURE_HOSTS.a}: siteTitle`,
        `website ${FIXTURE_HOSTS.a}: primaryColor`,
        `website ${FIXTURE_HOSTS.a}: secondaryColor`,
        `website ${FIXTURE_HOSTS.a}: publicUrl`,
      ],
    });
    const info = await ctx.app.inject({
      method: 'GET',
      url: getWebsite.path,
      query: { searchString: FIXTURE_HOSTS.a },
    });
    expect(info.json()).toMatchObject({ siteTitle: 'Store A Bookstore' });

    const tooLight = await put({ branding: { ...branding, secondaryColor: '#ffcc00' } });
    expect(tooLight.statusCode).toBe(400);
    expect(tooLight.json()).toMatchObject({
      field: 'branding.secondaryColor',
      message: expect.stringContaining('is too light for white text'),
    });
  });

  it("answers 404 for another store's website and 403 to a caller without MANAGE_STORE", async () => {
    const [storeBSite] = await ctx.db
      .select({ id: t.websites.id })
      .from(t.websites)
      .where(eq(t.websites.locationId, world.storeB));
    const other = await ctx.app.inject({
      method: 'PUT',
      url: fillPath(updateWebsiteBranding.path, {
        userAccountId: admin.accountId,
        websiteId: storeBSite?.id ?? 0,
      }),
      headers: authHeaders(admin.host, admin.token),
      payload: {
        branding: {
          name: 'B',
          siteTitle: 'B',
          primaryColor: '#004d40',
          secondaryColor: '#004d40',
          publicUrl: null,
        },
      },
    });
    expect(other.statusCode).toBe(404);
    const refused = await callAs(ctx, permissionAdmin, getStoreSettings);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: STORE_REFUSAL });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema/index.ts';
import {
  getWebsite,
  websiteSearchString,
  type WebsiteConfig,
  type WebsiteInfo,
} from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { PNG_BASE64, SVG_LOGO } from '../../test-support/test-fixture.ts';

const engines = await testEngines();

describe.each(engines)('portal (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const website = (searchString: string) =>
    ctx.app.inject({ method: 'GET', url: getWebsite.path, query: { searchString } });

  it('finds a website by search string', async () => {
    const res = await website(FIXTURE_HOSTS.a);
    expect(res.statusCode).toBe(200);
    expect(res.json<WebsiteInfo>()).toEqual({
      id: ctx.fixture.websites.a,
      locationId: ctx.fixture.locations.a,
      externalLocationRef: 'STORE-A',
      jsonFileName: 'store-a.json',
      ssoType: 'NONE',
      sloEnabled: false,
      name: 'Store A',
      siteTitle: 'Store A Campus Store',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['my.store-a.test', 'store-a.pro.test', 'my.store-a.pro.test:8443', 'STORE-A.test'])(
    'applies the host rule to %s',
    async (host) => {
      const res = await website(websiteSearchString(host));
      expect(res.statusCode).toBe(200);
      expect(res.json<WebsiteInfo>().id).toBe(ctx.fixture.websites.a);
    },
  );

  it('maps .local. to .dev. (so a .local. host finds nothing here)', async () => {
    expect(websiteSearchString('store-a.local.test')).toBe('store-a.dev.test');
    const res = await website(websiteSearchString('store-a.local.test'));
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 naming an unknown search string', async () => {
    const res = await website('nowhere.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No website is configured for nowhere.test.' });
  });

  it('answers 400 naming the missing searchString', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: getWebsite.path });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'searchString: searchString is required',
      field: 'searchString',
    });
    const blank = await website('  ');
    expect(blank.json()).toEqual({
      message: 'searchString: searchString is required',
      field: 'searchString',
    });
  });

  it('serves the config JSON named by jsonFileName, 404 for unknown names', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/site-config/store-b.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ brandPrimaryColor: '#123456', logoWidth: 200 });
    const missing = await ctx.app.inject({ method: 'GET', url: '/site-config/nope.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No website config is named nope.json.' });
    const bad = await ctx.app.inject({ method: 'GET', url: '/site-config/store-a.txt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'jsonFileName' });
  });

  it('serves an SVG logo as SVG that cannot run script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/site-config/logos/store-a-logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(SVG_LOGO);
  });

  it('serves a PNG logo from its base64 content', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/site-config/logos/store-a-logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    const missing = await ctx.app.inject({ method: 'GET', url: '/site-config/logos/none.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('tells a browser that has the branding 304, and sends it new branding as soon as it changes', async () => {
    const get = (url: string, etag?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
    for (const url of ['/site-config/store-b.json', '/site-config/logos/store-a-logo.svg']) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe('public, no-cache');
      const etag = String(first.headers['etag']);
      const again = await get(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    const config = await get('/site-config/store-b.json');
    await ctx.db
      .update(t.websites)
      .set({ config: { ...config.json<WebsiteConfig>(), brandPrimaryColor: '#0b3d2e' } })
      .where(eq(t.websites.jsonFileName, 'store-b.json'));
    const changed = await get('/site-config/store-b.json', String(config.headers['etag']));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ brandPrimaryColor: '#0b3d2e' });
  });
});

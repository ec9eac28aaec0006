import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  uploadWebsiteLogo,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { pngImage } from '../../../test-support/png-image.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();

const png = (width: number, height: number) => pngImage(width, height);

describe.each(engines)("a website's logo upload (%s)", (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => ctx?.close());

  const upload = (body: Buffer | string, kind = 'wide', websiteId = ctx.fixture.websites.a) =>
    ctx.app.inject({
      method: 'PUT',
      url: fillPath(uploadWebsiteLogo.path, { userAccountId: admin.accountId, websiteId }),
      query: { kind },
      headers: {
        ...authHeaders(admin.host, admin.token),
        'content-type': 'application/octet-stream',
      },
      payload: body,
    });

  it('replaces the wide logo, shown at 56 px high in its proportions, and serves it', async () => {
    const image = png(600, 140);
    const res = await upload(image);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<StoreSettingsAnswer>();
    const site = answer.websites.find((w) => w.id === ctx.fixture.websites.a);
    expect(site?.logo).toMatch(/^\/site-config\/logos\/store-a-test-\d+-wide-[0-9a-f]{12}\.png$/);
    expect(answer.history[0]).toMatchObject({
      event: 'WEBSITE_CHANGED',
      fields: [`website ${FIXTURE_HOSTS.a}: logo`],
    });
    const [row] = await ctx.db
      .select({ config: t.websites.config })
      .from(t.websites)
      .where(eq(t.websites.id, ctx.fixture.websites.a));
    expect(row?.config).toMatchObject({ logoWidth: 240, logoHeight: 56 });
    const served = await ctx.app.inject({
      url: site?.logo ?? '',
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('refuses what is not a PNG, JPEG or WebP of a sensible size, naming the file', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [body, message] of [
      [svg, LOGO_MESSAGES.notAnImage],
      ['just text', LOGO_MESSAGES.notAnImage],
      [png(5000, 20), LOGO_MESSAGES.tooManyPixels(5000, 20)],
    ] as const) {
      const res = await upload(body);
      expect(res.statusCode, String(body).slice(0, 20)).toBe(400);
      expect(res.json()).toEqual({ message, field: 'file' });
    }
    const tooLarge = await upload(Buffer.alloc(LOGO_MAX_BYTES + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: LOGO_MESSAGES.tooLarge, field: 'file' });
    const badKind = await upload(png(40, 40), 'banner');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ field: 'kind' });
    const other = await upload(png(40, 40), 'mobile', ctx.fixture.websites.b);
    expect(other.statusCode).toBe(404);
  });
});

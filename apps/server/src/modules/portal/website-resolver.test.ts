import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { websites } from '../../db/schema/index.ts';
import { createTestApp, FIXTURE_HOSTS, type TestContext } from '../../test-support/test-app.ts';
import { WebsiteResolver } from './website-resolver.ts';

describe('WebsiteResolver', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  it('caches answers, including "none", for the TTL', async () => {
    let now = 0;
    const resolver = new WebsiteResolver(ctx.db, 30_000, () => now);
    expect((await resolver.resolve('STORE-A.test'))?.id).toBe(ctx.fixture.websites.a);
    expect(await resolver.resolve('new.test')).toBeNull();

    await ctx.db
      .update(websites)
      .set({ host: 'new.test' })
      .where(eq(websites.host, FIXTURE_HOSTS.a));
    now = 29_000;
    expect((await resolver.resolve(FIXTURE_HOSTS.a))?.id).toBe(ctx.fixture.websites.a);
    expect(await resolver.resolve('new.test')).toBeNull();
    now = 31_000;
    expect(await resolver.resolve(FIXTURE_HOSTS.a)).toBeNull();
    expect((await resolver.resolve('new.test'))?.id).toBe(ctx.fixture.websites.a);
  });
});

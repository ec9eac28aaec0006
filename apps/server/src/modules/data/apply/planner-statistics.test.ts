import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  removeWaitingUploads,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';
import { scalar } from '../../../test-support/seed-test-helpers.ts';

const engines = await testEngines();

/**
 * After an applied import the planner knows the tables as they now are, even when the import
 * was too small to be analysed on the way: the portal's next reads are planned from its rows.
 */
describe.each(engines)('planner statistics after an import (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  const plannedTitles = () =>
    scalar(ctx.db, sql`select reltuples::int from pg_class where relname = 'titles'`);
  const titles = () => scalar(ctx.db, sql`select count(*)::int from titles`);

  it('counts the rows a small applied import added', async () => {
    await ctx.db.execute(sql`analyze titles`);
    expect(await plannedTitles()).toBe(await titles());
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.csv',
      file: 'isbn,title\n9780070006577,Complex Analysis\n9780131103627,The C Programming Language\n',
    });
    expect(await applied(ctx, admin, checked.importId)).toMatchObject({ status: 'APPLIED', added: 2 });
    expect(await plannedTitles()).toBe(await titles());
  });
});

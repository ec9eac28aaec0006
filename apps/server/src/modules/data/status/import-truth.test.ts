import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataImports } from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  applyCall,
  issuesOf,
  removeWaitingUploads,
  storeTables,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';
import { expireUnappliedUploads } from '../apply/upload-expiry.ts';

const engines = await testEngines();
const DAY = 24 * 60 * 60 * 1000;

/**
 * What an import says is true when it is read: applying writes only what the check reported
 * (the store changed since: checked again, nothing written), and a checked file waits a week.
 */
describe.each(engines)('an import that tells the truth (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const products = (fileName: string, lines: string[]) =>
    uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName,
      file: ['isbn,title,list_price', ...lines].join('\n'),
    });
  const storedPathOf = async (importId: number) => {
    const [row] = await queryRows<{ path: string | null }>(
      ctx.db,
      sql`select stored_path as path from data_imports where id = ${importId}`,
    );
    return row?.path ?? null;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('checks a file again instead of applying it when the store changed since its check', async () => {
    const first = await products('first.csv', [
      '9780070006577,Complex Analysis,129.95',
      '9780131103627,The C Programming Language,60.00',
    ]);
    expect(first).toMatchObject({ status: 'VALIDATED', added: 2, unchanged: 0 });
    // Another file adds one of its titles, with another price, before it is applied.
    const other = await products('other.csv', ['9780070006577,Complex Analysis,99.00']);
    await applied(ctx, admin, other.importId);
    const before = await storeTables(ctx.db, ctx.fixture.locations.a);

    const rechecked = await applied(ctx, admin, first.importId);
    expect(rechecked).toMatchObject({
      status: 'VALIDATED',
      added: 1,
      updated: 1,
      unchanged: 0,
      errorMessage:
        "The store's data changed after this file was checked, so nothing was applied: it was checked again and these are the figures now. Apply it again to write them.",
    });
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(before);

    const done = await applied(ctx, admin, first.importId);
    expect(done).toMatchObject({ status: 'APPLIED', added: 1, updated: 1, errorMessage: null });
  });

  it('lists the issues of the new check, not of the old one', async () => {
    const first = await products('issues.csv', ['9780387903286,Functional Analysis,lots']);
    expect(first).toMatchObject({ rowsValid: 1, rowsWarned: 1, added: 1 });
    const other = await products('issues-other.csv', ['9780387903286,Functional Analysis,']);
    await applied(ctx, admin, other.importId);
    const rechecked = await applied(ctx, admin, first.importId);
    expect(rechecked).toMatchObject({ status: 'VALIDATED', added: 0, unchanged: 1, rowsWarned: 1 });
    const { body } = await issuesOf(ctx, admin, first.importId);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.warning])).toEqual([
      [2, 'list_price', true],
    ]);
  });

  it('deletes a checked file not applied within 7 days; the import says so and cannot be applied', async () => {
    const waiting = await products('waiting.csv', ['9780486612720,Linear Algebra,20.00']);
    const path = await storedPathOf(waiting.importId);
    expect(path && existsSync(path)).toBe(true);
    const createdAt = new Date(waiting.createdAt).getTime();

    expect(await expireUnappliedUploads(ctx.db, new Date(createdAt + 6 * DAY))).toBe(0);
    expect(existsSync(path ?? '')).toBe(true);
    expect(await expireUnappliedUploads(ctx.db, new Date(createdAt + 7 * DAY + 1000))).toBeGreaterThanOrEqual(1);
    expect(existsSync(path ?? '')).toBe(false);
    expect(await storedPathOf(waiting.importId)).toBeNull();

    const apply = await applyCall(ctx, admin, waiting.importId);
    expect(apply.statusCode).toBe(409);
    expect(apply.json()).toEqual({
      message: 'Only a checked import can be applied; this one is "Not applied in time: file deleted".',
      field: 'importId',
    });
    const [row] = await ctx.db
      .select({ status: dataImports.status, errorMessage: dataImports.errorMessage })
      .from(dataImports)
      .where(sql`${dataImports.id} = ${waiting.importId}`);
    expect(row).toEqual({
      status: 'EXPIRED',
      errorMessage:
        'This checked file was not applied within 7 days, so it was deleted from the server. Upload it again to apply it.',
    });
  });

  it('never expires an applied import', async () => {
    const done = await applied(
      ctx,
      admin,
      (await products('kept.csv', ['9780691151205,Princeton Companion,99.50'])).importId,
    );
    await expireUnappliedUploads(ctx.db, new Date(Date.now() + 30 * DAY));
    const [row] = await ctx.db
      .select({ status: dataImports.status })
      .from(dataImports)
      .where(sql`${dataImports.id} = ${done.importId}`);
    expect(row?.status).toBe('APPLIED');
  });
});

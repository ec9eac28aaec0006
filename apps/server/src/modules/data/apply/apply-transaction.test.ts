import { copyFileSync, existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataImports } from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { applied, removeWaitingUploads, storeTables, uploadChecked } from '../../../test-support/data-test-support.ts';
import { ImportJobs, type CheckedFigures, type ImportJob } from './import-jobs.ts';

const engines = await testEngines();

/**
 * An import is APPLIED exactly when its writes are: the status is written in the apply's own
 * transaction, so a failure to record it undoes the writes. Nothing of the apply was kept, so
 * the import is checked and ready again, its file kept: it can be applied again, once.
 */
describe.each(engines)('recording an apply (%s)', (engine) => {
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

  it('keeps nothing of an apply whose APPLIED status cannot be written, and applies it again', async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.csv',
      file: 'isbn,title\n9780070006577,Complex Analysis\n',
    });
    expect(checked.status).toBe('VALIDATED');
    const before = await storeTables(ctx.db, ctx.fixture.locations.a);
    await ctx.db.execute(sql`create function refuse_applied() returns trigger language plpgsql as $$
      begin
        if new.status = 'APPLIED' then raise exception 'status refused'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger refuse_applied before update on data_imports
      for each row execute function refuse_applied()`);
    try {
      const done = await applied(ctx, admin, checked.importId);
      expect(done).toMatchObject({
        status: 'VALIDATED',
        errorMessage:
          'Applying stopped on an unexpected error; nothing was applied. Apply it again, or upload the file again if it fails again.',
      });
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_applied on data_imports`);
      await ctx.db.execute(sql`drop function refuse_applied()`);
    }
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(before);

    const again = await applied(ctx, admin, checked.importId);
    expect(again).toMatchObject({ status: 'APPLIED', added: 1, errorMessage: null });
    const titles = await storeTables(ctx.db, ctx.fixture.locations.a);
    expect(titles['titles']).toHaveLength((before['titles'] ?? []).length + 1);
    expect(await applied(ctx, admin, checked.importId)).toMatchObject({ status: 'APPLIED' });
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(titles);
  });

  /** A checked products file of one title, and where its upload is kept. */
  async function checkedProducts(line: string): Promise<{ importId: number; storedPath: string }> {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.csv',
      file: `isbn,title\n${line}\n`,
    });
    const [row] = await ctx.db
      .select({ storedPath: dataImports.storedPath })
      .from(dataImports)
      .where(eq(dataImports.id, checked.importId));
    return { importId: checked.importId, storedPath: row?.storedPath ?? '' };
  }

  /** Runs an apply job of the import to its end, as a process would; the import after it. */
  async function runApplyJob(importId: number, storedPath: string) {
    const job: ImportJob = {
      importId,
      locationId: ctx.fixture.locations.a,
      divisionId: null,
      formatId: 'products-prices',
      fileType: 'csv',
      storedPath,
      csv: { separator: 'comma', encoding: 'utf-8' },
      columns: null,
      fileName: 'test.csv',
      uploadedBy: 1,
    };
    // The figures its check reported, which the apply must match to write anything.
    const [checked] = await ctx.db
      .select({
        rowsValid: dataImports.rowsValid,
        rowsRejected: dataImports.rowsRejected,
        rowsWarned: dataImports.rowsWarned,
        added: sql<number>`1`,
        updated: dataImports.updated,
        unchanged: sql<number>`0`,
        entities: sql<CheckedFigures['entities']>`'[{"entity":"titles","added":1,"updated":0,"unchanged":0}]'::jsonb`,
      })
      .from(dataImports)
      .where(eq(dataImports.id, importId));
    if (!checked) throw new Error('no import');
    new ImportJobs(
      { db: ctx.db, engine: ctx.engine, background: ctx.background, now: () => new Date() },
      ctx.app.log,
    ).apply(job, 1, checked);
    await ctx.background.drain();
    const [row] = await ctx.db
      .select({
        status: dataImports.status,
        added: dataImports.added,
        errorMessage: dataImports.errorMessage,
      })
      .from(dataImports)
      .where(eq(dataImports.id, importId));
    return row;
  }

  it('ends APPLIED an apply that a starting server put back to VALIDATED while it ran', async () => {
    const { importId, storedPath } = await checkedProducts('9780486612720,Linear Algebra');
    // The import is VALIDATED (released), and the job that was running goes on to its end.
    expect(await runApplyJob(importId, storedPath)).toEqual({
      status: 'APPLIED',
      added: 1,
      errorMessage: null,
    });
  });

  /*
   * Two applies of one import: a server that starts puts an import another process is still
   * applying back to VALIDATED, and the user applies it again. The apply that ends second finds
   * the import APPLIED and leaves it so, whether its file is gone or still there.
   */
  it('leaves an import APPLIED when a second apply of it ends later', async () => {
    const { importId, storedPath } = await checkedProducts('9780387903286,Functional Analysis');
    const copy = `${storedPath}.second`;
    copyFileSync(storedPath, copy);
    expect(await applied(ctx, admin, importId)).toMatchObject({ status: 'APPLIED' });
    const after = await storeTables(ctx.db, ctx.fixture.locations.a);
    for (const second of [storedPath, copy]) {
      const now = await runApplyJob(importId, second);
      expect(now, second).toMatchObject({ status: 'APPLIED', errorMessage: null });
      expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(after);
    }
    expect(existsSync(copy)).toBe(false);
  });
});

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_MANAGER_REFUSAL,
  DATA_STATUS_REFUSAL,
  getDataIntegrationStatus,
  getImportFormats,
  getImports,
  type ImportFormat,
  type ImportSummary,
} from '@csp/contracts';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addAccount,
  callAs,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';
import {
  applyCall,
  importOf,
  issuesOf,
  upload,
  uploadChecked,
  removeWaitingUploads,
} from '../../test-support/data-test-support.ts';
import { UPLOAD_FOLDER } from '../../lib/uploads/receive-upload.ts';

const engines = await testEngines();

const PROFESSORS = 'last_name,first_name,email\nCurie,Marie,curie@example.edu\nPauling,Linus,\n';

describe.each(engines)('who may import and read imports (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let reporter: Caller;
  let instructor: Caller;
  let storeB: Caller;
  let checked: ImportSummary;
  const professors = (who: Caller) =>
    upload(ctx, who, { formatId: 'professors', fileName: 'professors.csv', file: PROFESSORS });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    await addAccount(ctx.db, ctx.fixture.locations.a, 'reporter@store-a.test', [
      { role: 'FULL_REPORTER' },
    ]);
    admin = await signIn(ctx, 'admin@store-a.test');
    reporter = await signIn(ctx, 'reporter@store-a.test');
    instructor = await signIn(ctx, 'instructor@store-a.test');
    storeB = await signIn(ctx, 'admin@store-b.test', 'store-b.test');
    checked = await uploadChecked(ctx, admin, {
      formatId: 'professors',
      fileName: 'professors.csv',
      file: PROFESSORS,
    });
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('lets a full reporter read the status and imports, but not upload or apply', async () => {
    const status = await callAs(ctx, reporter, getDataIntegrationStatus);
    expect(status.statusCode).toBe(200);
    expect((await importOf(ctx, reporter, checked.importId)).status).toBe(200);
    const formats = await callAs(ctx, reporter, getImportFormats);
    expect(formats.json<{ formats: ImportFormat[] }>().formats.map((f) => f.formatId)).toContain(
      'uiuc-grades-by-crn',
    );

    const refusedUpload = await professors(reporter);
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json()).toEqual({ message: DATA_MANAGER_REFUSAL });
    const refusedApply = await applyCall(ctx, reporter, checked.importId);
    expect(refusedApply.statusCode).toBe(403);
    expect(refusedApply.json()).toEqual({ message: DATA_MANAGER_REFUSAL });
    expect((await importOf(ctx, admin, checked.importId)).body.status).toBe('VALIDATED');
  });

  it('refuses an instructor the status and the imports', async () => {
    for (const contract of [getDataIntegrationStatus, getImports, getImportFormats]) {
      const res = await callAs(ctx, instructor, contract);
      expect(res.statusCode, contract.path).toBe(403);
      expect(res.json(), contract.path).toEqual({ message: DATA_STATUS_REFUSAL });
    }
    expect((await professors(instructor)).statusCode).toBe(403);
  });

  it("answers another store's import as not found, and lists only the caller's store", async () => {
    const other = await importOf(ctx, storeB, checked.importId);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ field: 'importId' });
    expect((await issuesOf(ctx, storeB, checked.importId)).status).toBe(404);
    const list = await callAs(ctx, storeB, getImports);
    expect(list.json<{ imports: ImportSummary[] }>().imports).toEqual([]);
    const mine = await callAs(ctx, admin, getImports);
    expect(mine.json<{ imports: ImportSummary[] }>().imports.map((i) => i.importId)).toContain(
      checked.importId,
    );
  });

  it('applies once when asked twice at the same time', async () => {
    const [first, second] = await Promise.all([
      applyCall(ctx, admin, checked.importId),
      applyCall(ctx, admin, checked.importId),
    ]);
    // Each answers the state it finds: applying (202), or already applied (200).
    const answers = [first, second].map((r) => [r?.statusCode, r?.json<ImportSummary>().status]);
    expect(answers).toContainEqual([202, 'APPLYING']);
    for (const answer of answers) expect([[202, 'APPLYING'], [200, 'APPLIED']]).toContainEqual(answer);
    await ctx.background.drain();
    // A second run would find its file gone (removed by the first) and end FAILED, or count
    // the professors as unchanged.
    const done = await importOf(ctx, admin, checked.importId);
    expect(done.body).toMatchObject({ status: 'APPLIED', added: 2, errorMessage: null });
    const curie = await ctx.db
      .select()
      .from(t.professors)
      .where(eq(t.professors.lastName, 'Curie'));
    expect(curie.map((p) => p.email)).toEqual(['curie@example.edu']);
    const [row] = await ctx.db
      .select({ storedPath: t.dataImports.storedPath })
      .from(t.dataImports)
      .where(eq(t.dataImports.id, checked.importId));
    expect(row?.storedPath).toBeNull();

    const again = await applyCall(ctx, admin, checked.importId);
    expect(again.statusCode).toBe(200);
    expect(again.json<ImportSummary>()).toMatchObject({ status: 'APPLIED', added: 2 });
  });

  it('fails an import a stopped server was checking; one it was applying can be applied again, once', async () => {
    mkdirSync(UPLOAD_FOLDER, { recursive: true });
    const checkingPath = join(UPLOAD_FOLDER, `restart-check-${engine}-${process.pid}.upload`);
    const applyingPath = join(UPLOAD_FOLDER, `restart-apply-${engine}-${process.pid}.upload`);
    writeFileSync(checkingPath, PROFESSORS);
    writeFileSync(applyingPath, 'last_name,first_name,email\nNoether,Emmy,noether@example.edu\n');
    const [checking, applying] = await ctx.db
      .insert(t.dataImports)
      .values(
        ([
          ['VALIDATING', checkingPath],
          ['APPLYING', applyingPath],
        ] as const).map(([status, storedPath]) => ({
          locationId: ctx.fixture.locations.a,
          formatId: 'professors',
          feeds: ['PROFESSORS'],
          fileName: 'professors.csv',
          fileType: 'csv' as const,
          storedPath,
          status,
          rowsRead: 1,
          rowsValid: 1,
          // What the check said applying would do: the apply writes only if it still does.
          added: 1,
          entities: [{ entity: 'professors', added: 1, updated: 0, unchanged: 0 }],
          csvSeparator: 'comma' as const,
          csvEncoding: 'utf-8' as const,
          createdBy: ctx.fixture.accounts.admin.id,
        })),
      )
      .returning({ id: t.dataImports.id });
    const restarted = await buildApp({ db: ctx.db, config: ctx.config });
    await restarted.ready();
    await restarted.close();
    expect((await importOf(ctx, admin, checking?.id ?? 0)).body).toMatchObject({
      status: 'FAILED',
      progress: null,
      errorMessage: 'The server restarted while this file was being checked. Upload it again.',
    });
    expect(existsSync(checkingPath)).toBe(false);
    // The apply was one transaction: nothing of it was kept, its file is, it can be applied.
    expect((await importOf(ctx, admin, applying?.id ?? 0)).body).toMatchObject({
      status: 'VALIDATED',
      errorMessage:
        'The server restarted while this import was being applied; nothing was applied. Apply it again.',
    });
    expect(existsSync(applyingPath)).toBe(true);

    const noethers = async () =>
      (await ctx.db.select().from(t.professors).where(eq(t.professors.lastName, 'Noether'))).length;
    expect(await noethers()).toBe(0);
    expect([200, 202]).toContain((await applyCall(ctx, admin, applying?.id ?? 0)).statusCode);
    await ctx.background.drain();
    expect((await importOf(ctx, admin, applying?.id ?? 0)).body).toMatchObject({
      status: 'APPLIED',
      added: 1,
      errorMessage: null,
    });
    expect(existsSync(applyingPath)).toBe(false);
    const again = await applyCall(ctx, admin, applying?.id ?? 0);
    expect(again.statusCode).toBe(200);
    await ctx.background.drain();
    expect(await noethers()).toBe(1);
  });
});

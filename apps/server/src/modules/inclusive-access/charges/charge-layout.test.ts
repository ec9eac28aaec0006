import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIaChargeFile,
  downloadIaChargeFile,
  getIaChargeFileLayout,
  getIaChargeFiles,
  IA_CHARGE_MESSAGES as M,
  IA_DEFAULT_CHARGE_FILE_COLUMNS,
  previewIaChargeFile,
  saveIaChargeFileLayout,
} from '@csp/contracts';
import { iaChargesWorld, type IaChargesWorld } from '../../../test-support/ia-charges-world.ts';
import { iaCall, iaProgramCallers, storeBTerm } from '../../../test-support/ia-programs-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day } from '../../../test-support/today.ts';

const engines = await testEngines();

describe.each(engines)('inclusive-access charge file layout and scope (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaChargesWorld;
  let callers: Awaited<ReturnType<typeof iaProgramCallers>>;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = iaChargesWorld(ctx);
    callers = await iaProgramCallers(ctx);
  });
  afterAll(async () => ctx?.close());

  const save = (body: unknown, who = callers.admin) =>
    iaCall(ctx, who, saveIaChargeFileLayout, {}, { body });

  it('answers the default layout until one is saved, refuses a bad one naming the field, and writes the file in the saved one', async () => {
    const before = await iaCall(ctx, callers.admin, getIaChargeFileLayout);
    expect(before.json()).toEqual({ columns: IA_DEFAULT_CHARGE_FILE_COLUMNS, isDefault: true });

    const bad: [unknown, string, string][] = [
      [{ columns: [] }, 'columns', 'must list at least one column'],
      [
        { columns: [{ field: 'studentId', header: 'ID' }] },
        'columns',
        'must include the student ID and the amount',
      ],
      [
        {
          columns: [
            { field: 'studentId', header: 'ID' },
            { field: 'amount', header: 'id' },
          ],
        },
        'columns',
        'must not give two columns the same header',
      ],
      [{ columns: [{ field: 'shoeSize', header: 'Shoe' }] }, 'columns.0.field', 'must be one of'],
      [{ columns: [{ field: 'amount', header: '  ' }] }, 'columns.0.header', 'must not be empty'],
    ];
    for (const [body, field, message] of bad) {
      const res = await save(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(message);
    }
    expect((await iaCall(ctx, callers.admin, getIaChargeFileLayout)).json().isDefault).toBe(true);

    const columns = [
      { field: 'amount', header: 'AMT' },
      { field: 'studentId', header: 'EMPLID' },
      { field: 'kind', header: 'Type' },
      { field: 'studentName', header: 'Student, name' },
    ];
    const saved = await save({ columns });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ columns, isDefault: false });

    const term = await w.term(day(-1));
    const student = await term.enrolled('Quote');
    expect(student).toBeGreaterThan(0);
    const made = await iaCall(
      ctx,
      callers.admin,
      createIaChargeFile,
      { termId: term.termId },
      { body: {} },
    );
    expect(made.json().file.number).toBe(1);
    const res = await iaCall(ctx, callers.admin, downloadIaChargeFile, {
      termId: term.termId,
      fileNumber: 1,
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="ia-charges-.*-1\.csv"/,
    );
    const [header, line, trailer] = res.body.trim().split('\r\n');
    expect(header).toBe('AMT,EMPLID,Type,"Student, name"');
    const [sid] = (await term.lines()).map((l) => l.sid);
    expect(line).toMatch(new RegExp(`^59\\.99,${sid},CHARGE,"Dent\\d+, Quote"$`));
    expect(trailer).toBe('TOTAL,1,59.99');
  });

  it('lets only a holder for the whole store change the layout', async () => {
    const res = await save({ columns: IA_DEFAULT_CHARGE_FILE_COLUMNS }, callers.northCma);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.layoutStoreWide);
    expect((await iaCall(ctx, callers.northCma, getIaChargeFileLayout)).statusCode).toBe(200);
  });

  it('answers 404 for a term of another division or store, and a file of another term', async () => {
    const term = await w.term(day(-1));
    await term.enrolled();
    const other = await w.term(day(-1));
    await other.enrolled();
    const made = await iaCall(
      ctx,
      callers.admin,
      createIaChargeFile,
      { termId: term.termId },
      { body: {} },
    );
    expect(made.json().file.number).toBe(1);
    for (const who of [callers.northCma, callers.deptCma]) {
      for (const contract of [getIaChargeFiles, previewIaChargeFile]) {
        const res = await iaCall(ctx, who, contract, { termId: term.termId });
        expect([res.statusCode, res.json().field]).toEqual([404, 'termId']);
      }
      const res = await iaCall(
        ctx,
        who,
        createIaChargeFile,
        { termId: other.termId },
        { body: {} },
      );
      expect(res.statusCode).toBe(404);
    }
    expect((await other.lines()).length).toBe(0);
    // The other term has no file 1 (nor does a term count another's).
    const wrongTerm = await iaCall(ctx, callers.admin, downloadIaChargeFile, {
      termId: other.termId,
      fileNumber: 1,
    });
    expect([wrongTerm.statusCode, wrongTerm.json().field]).toEqual([404, 'fileNumber']);
    const outsider = await iaCall(ctx, callers.northCma, downloadIaChargeFile, {
      termId: term.termId,
      fileNumber: 1,
    });
    expect([outsider.statusCode, outsider.json().field]).toEqual([404, 'termId']);
    const storeB = await storeBTerm(ctx);
    const res = await iaCall(ctx, callers.admin, getIaChargeFiles, { termId: storeB });
    expect(res.statusCode).toBe(404);
    const fromB = await iaCall(ctx, callers.storeB, getIaChargeFiles, { termId: term.termId });
    // Store B's administrator may hold no inclusive access at all: refused either way.
    expect([403, 404]).toContain(fromB.statusCode);
  });
});

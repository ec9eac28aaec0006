import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIaChargeFile,
  downloadIaChargeFile,
  getIaChargeFiles,
  IA_CHARGE_MESSAGES as M,
  IA_MESSAGES,
  getAccessDayReport,
  getNearExpiryReport,
  getSourceLedger,
  getSpendingReport,
  previewIaChargeFile,
} from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaChargesWorld, type IaChargesWorld } from '../../../test-support/ia-charges-world.ts';
import { iaCall, iaProgramCallers } from '../../../test-support/ia-programs-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day } from '../../../test-support/today.ts';

const engines = await testEngines();

describe.each(engines)('inclusive-access charge files (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaChargesWorld;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = iaChargesWorld(ctx);
    admin = (await iaProgramCallers(ctx)).admin;
  });
  afterAll(async () => ctx?.close());

  const create = (termId: number) =>
    iaCall(ctx, admin, createIaChargeFile, { termId }, { body: {} });
  const preview = async (termId: number) =>
    (await iaCall(ctx, admin, previewIaChargeFile, { termId })).json();
  const csvOf = async (termId: number, fileNumber: number) => {
    const res = await iaCall(ctx, admin, downloadIaChargeFile, { termId, fileNumber });
    expect(res.statusCode).toBe(200);
    return res.body.trim().split('\r\n');
  };

  it('refuses a file until the day after the deadline, and a term without one', async () => {
    for (const deadline of [day(0), day(3)]) {
      const term = await w.term(deadline);
      await term.enrolled();
      const res = await create(term.termId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.beforeDeadline(deadline));
      expect(await preview(term.termId)).toMatchObject({
        deadlinePassed: false,
        charges: { lines: 0 },
      });
    }
    const undated = await w.term(null);
    await undated.enrolled();
    const res = await create(undated.termId);
    expect([res.statusCode, res.json().message]).toEqual([409, IA_MESSAGES.noDeadline]);
    expect(await undated.lines()).toEqual([]);
  });

  it('charges every enrolled student who is in, once; never one out, dropped by the deadline, or charged', async () => {
    const term = await w.term(day(-2), day(5), 5_999);
    const ada = await term.enrolled('Ada');
    const out = await term.enrolled('Out');
    await term.choose(out, 'OUT');
    const early = await term.enrolled('Early');
    await term.drop(early);
    await term.droppedOn(early, day(-2));
    const late = await term.enrolled('Late');
    await term.drop(late);
    await term.droppedOn(late, day(-1));
    // Dropped today, within the refund window: it would be credited at once, so not charged.
    const withinWindow = await term.enrolled('Gone');
    await term.drop(withinWindow);

    expect(await preview(term.termId)).toMatchObject({
      deadlinePassed: true,
      nextNumber: 1,
      charges: { lines: 1, totalCents: 5_999 },
      credits: { lines: 0, totalCents: 0 },
    });
    const first = await create(term.termId);
    expect(first.statusCode).toBe(201);
    expect(first.json().file).toMatchObject({ number: 1, lineCount: 1, totalCents: 5_999 });
    const csv = await csvOf(term.termId, first.json().file.number);
    expect(csv[0]).toBe('Student ID,Name,Amount,Term,Section,Description');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(',59.99,');
    expect(csv[1]).toContain('Inclusive access: Digital Biology');
    expect(csv[2]).toBe('TOTAL,1,59.99');
    const lines = await term.lines();
    expect(lines.map((l) => [l.kind, l.cents, l.file])).toEqual([['CHARGE', 5_999, 1]]);
    expect(csv[1]!.startsWith(`${lines[0]!.sid},`)).toBe(true);
    expect(ada).toBeGreaterThan(0);

    // Run again: nothing new, nothing made.
    const again = await create(term.termId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nothingNew);
    expect(await term.lines()).toHaveLength(1);
  });

  it("keeps a charged student's lines: the database refuses to delete the student or the section", async () => {
    const term = await w.term(day(-5), day(1));
    const student = await term.enrolled('Kept');
    expect((await create(term.termId)).statusCode).toBe(201);
    await expect(ctx.db.execute(sql`delete from students where id = ${student}`)).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`delete from sections where id = ${term.sectionId}`),
    ).rejects.toThrow();
    expect(await term.lines()).toHaveLength(1);
  });

  it('charges a student again who was credited for a drop and enrolled again, never one whose charge stood', async () => {
    const term = await w.term(day(-5), day(1));
    const [credited, stood] = [await term.enrolled('Back'), await term.enrolled('Stood')];
    expect((await create(term.termId)).json().file).toMatchObject({ number: 1, lineCount: 2 });
    await term.drop(credited);
    await term.drop(stood);
    await term.droppedOn(stood, day(2));
    expect((await create(term.termId)).json().file).toMatchObject({ number: 2, lineCount: 1 });

    // Both come back: the credited student owes the charge again, the other still has theirs.
    await term.enrol(credited);
    await term.enrol(stood);
    const third = await create(term.termId);
    expect(third.json().file).toMatchObject({ number: 3, lineCount: 1, totalCents: 5_999 });
    expect((await term.lines()).map((l) => `${l.kind}:${l.cents}:${l.file}`)).toEqual([
      'CHARGE:5999:1',
      'CHARGE:5999:1',
      'CREDIT:-5999:2',
      'CHARGE:5999:3',
    ]);
    expect((await create(term.termId)).statusCode).toBe(409);

    // Dropped again within the window: the second charge is credited, once.
    await term.drop(credited);
    expect((await create(term.termId)).json().file).toMatchObject({
      number: 4,
      lineCount: 1,
      totalCents: -5_999,
    });
    expect((await create(term.termId)).statusCode).toBe(409);
  });

  it('a drop after the deadline within the refund window yields a credit in the next file, once; after the window, a charge stands', async () => {
    const term = await w.term(day(-5), day(1));
    const ada = await term.enrolled('Ada');
    const bob = await term.enrolled('Bob');
    expect((await create(term.termId)).json().file).toMatchObject({ number: 1, lineCount: 2 });

    await term.drop(ada);
    await term.drop(bob);
    await term.droppedOn(bob, day(2));
    expect(await preview(term.termId)).toMatchObject({
      nextNumber: 2,
      charges: { lines: 0 },
      credits: { lines: 1, totalCents: -5_999 },
    });
    const second = await create(term.termId);
    expect(second.json().file).toMatchObject({ number: 2, lineCount: 1, totalCents: -5_999 });
    const csv = await csvOf(term.termId, second.json().file.number);
    expect(csv[1]).toContain(',-59.99,');
    expect(csv[2]).toBe('TOTAL,1,-59.99');
    expect((await create(term.termId)).statusCode).toBe(409);
    expect((await term.lines()).map((l) => `${l.kind}:${l.cents}:${l.file}`)).toEqual([
      'CHARGE:5999:1',
      'CHARGE:5999:1',
      'CREDIT:-5999:2',
    ]);

    const list = (await iaCall(ctx, admin, getIaChargeFiles, { termId: term.termId })).json();
    // The term named as every screen names one: cut at the first hyphen ("Charges 7-123456").
    expect(list.term.termName).toMatch(/^Charges \d+$/);
    expect(
      list.files.map((f: { number: number; lineCount: number }) => [f.number, f.lineCount]),
    ).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(list.files[1]).toMatchObject({
      charges: { lines: 2, totalCents: 11_998 },
      createdByName: expect.any(String),
    });
  });

  it('two runs at once make one file with every line; the other finds nothing new', async () => {
    const term = await w.term(day(-1));
    for (let i = 0; i < 5; i++) await term.enrolled();
    const answers = await Promise.all([create(term.termId), create(term.termId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const made = answers.find((a) => a.statusCode === 201)!.json();
    expect(made.file).toMatchObject({ number: 1, lineCount: 5, totalCents: 5 * 5_999 });
    const lines = await term.lines();
    expect(lines).toHaveLength(5);
    expect(new Set(lines.map((l) => l.sid)).size).toBe(5);
  });

  it("pays a funded student's charge from the allowance (ledger, no order, not in the file) and takes a credit back to it", async () => {
    const term = await w.term(day(-3), day(3));
    const funded = await term.enrolled('Funded');
    const short = await term.enrolled('Short');
    const printOnly = await term.enrolled('Print');
    const paid = await term.enrolled('Paid');
    const allowance = await w.allowance(funded, 10_000);
    const tooSmall = await w.allowance(short, 5_000);
    const print = await w.allowance(printOnly, 10_000, ['NEW', 'USED']);
    void paid;

    expect(await preview(term.termId)).toMatchObject({
      charges: { lines: 3, totalCents: 3 * 5_999 },
      fundedCharges: { lines: 1, totalCents: 5_999 },
    });
    const first = (await create(term.termId)).json();
    expect(first.file).toMatchObject({ lineCount: 3, totalCents: 3 * 5_999 });
    expect(first.fundedCharges).toEqual({ lines: 1, totalCents: 5_999 });
    const csv = await csvOf(term.termId, first.file.number);
    expect(csv).toHaveLength(5);
    const fundedLine = (await term.lines()).find((l) => l.funded)!;
    expect(fundedLine).toMatchObject({ kind: 'CHARGE', file: null });
    expect(await w.allowanceState(allowance)).toMatchObject({
      balance: 10_000 - 5_999,
      entries: [{ kind: 'CHARGE', cents: -5_999, order_id: null }],
    });
    expect((await w.allowanceState(tooSmall)).entries).toEqual([]);
    expect((await w.allowanceState(print)).entries).toEqual([]);

    await term.drop(funded);
    const second = (await create(term.termId)).json();
    expect(second).toMatchObject({ file: null, fundedCredits: { lines: 1, totalCents: -5_999 } });
    const state = await w.allowanceState(allowance);
    expect(state.balance).toBe(10_000);
    expect(state.entries.map((e) => [e.kind, e.cents])).toEqual([
      ['CHARGE', -5_999],
      ['REFUND', 5_999],
    ]);
    const list = (await iaCall(ctx, admin, getIaChargeFiles, { termId: term.termId })).json();
    // The term named as every screen names one: cut at the first hyphen ("Charges 7-123456").
    expect(list.term.termName).toMatch(/^Charges \d+$/);
    expect(list.files).toHaveLength(1);
    expect(list.funded).toEqual({
      charges: { lines: 1, totalCents: 5_999 },
      credits: { lines: 1, totalCents: -5_999 },
    });
  });

  it("the funding reports and a source's ledger take an IA charge that has no order", async () => {
    const term = await w.term(day(-1));
    const student = await term.enrolled('Report');
    const allowance = await w.allowance(student, 8_000);
    await create(term.termId);
    const [row] = await queryRows<{ source_id: number }>(
      ctx.db,
      sql`select source_id from funding_allowances where id = ${allowance}`,
    );
    const sourceId = Number(row!.source_id);
    const ledger = await iaCall(ctx, admin, getSourceLedger, { sourceId });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().entries[0]).toMatchObject({
      kind: 'CHARGE',
      amountCents: -5_999,
      orderId: null,
    });
    const spending = await iaCall(ctx, admin, getSpendingReport);
    expect(spending.statusCode).toBe(200);
    expect(JSON.stringify(spending.json())).toContain(`"sourceId":${sourceId}`);
    for (const [contract, query] of [
      [getNearExpiryReport, {}],
      [getAccessDayReport, { termId: term.termId }],
    ] as const) {
      expect((await iaCall(ctx, admin, contract, {}, { query })).statusCode).toBe(200);
    }
  });
});

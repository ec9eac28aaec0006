import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIaDashboard, getIaTerms, setIaTermDates, type IaTerm } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { iaWorld, type IaWorld } from '../../../test-support/ia-world.ts';
import {
  iaAuditCount,
  iaCall,
  iaProgramCallers,
  storeBTerm,
} from '../../../test-support/ia-programs-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way. */
const NOW = new Date('2026-10-15T12:00:00Z');

describe.each(engines)('inclusive access: term dates (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaWorld;
  let callers: Awaited<ReturnType<typeof iaProgramCallers>>;

  const terms = async (caller: Caller) => {
    const res = await iaCall(ctx, caller, getIaTerms);
    expect(res.statusCode).toBe(200);
    return (res.json() as { terms: IaTerm[] }).terms;
  };
  const put = (caller: Caller, termId: number, optOutDeadline: unknown, refundUntil: unknown) =>
    iaCall(ctx, caller, setIaTermDates, { termId }, { body: { optOutDeadline, refundUntil } });

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    w = iaWorld(ctx);
    callers = await iaProgramCallers(ctx);
  });
  afterAll(async () => ctx?.close());

  it('lists the terms not ended with no dates yet, and sets them', async () => {
    const fall = (await terms(callers.admin)).find((x) => x.termId === w.termId);
    expect(fall).toMatchObject({
      termName: 'Fall 2026',
      optOutDeadline: null,
      refundUntil: null,
      deadlinePassed: false,
      mayEditDates: true,
      hasChargeFile: false,
    });
    const res = await put(callers.admin, w.termId, '2026-09-20', '2026-10-20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      optOutDeadline: '2026-09-20',
      refundUntil: '2026-10-20',
      deadlinePassed: true,
    });
  });

  it('refuses a deadline after the term, a refund day before the deadline or without one, naming the field', async () => {
    const afterEnd = await put(callers.admin, w.termId, '2026-12-19', null);
    expect(afterEnd.statusCode).toBe(400);
    expect(afterEnd.json()).toMatchObject({ field: 'optOutDeadline' });
    expect(afterEnd.json().message).toContain("on or before the term's last day");
    const early = await put(callers.admin, w.termId, '2026-11-01', '2026-10-31');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field: 'refundUntil' });
    expect(early.json().message).toContain('on or after the opt-out deadline');
    const alone = await put(callers.admin, w.termId, null, '2026-10-31');
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ field: 'refundUntil' });
    const notADay = await put(callers.admin, w.termId, '2026-02-30', null);
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().field).toBe('optOutDeadline');
    // Nothing of these was saved.
    const fall = (await terms(callers.admin)).find((x) => x.termId === w.termId);
    expect(fall).toMatchObject({ optOutDeadline: '2026-09-20', refundUntil: '2026-10-20' });
  });

  it('audits a change once: the same dates saved again change nothing', async () => {
    const before = await iaAuditCount(ctx, 'IA_TERM_DATES_CHANGED');
    expect((await put(callers.admin, w.termId, '2026-11-02', null)).statusCode).toBe(200);
    expect((await put(callers.admin, w.termId, '2026-11-02', null)).statusCode).toBe(200);
    expect(await iaAuditCount(ctx, 'IA_TERM_DATES_CHANGED')).toBe(before + 1);
  });

  it('keeps the deadline final once the term has a charge file: not cleared, not moved', async () => {
    const [file] = await ctx.db
      .insert(t.iaChargeFiles)
      .values({
        locationId: w.locationId,
        termId: w.termId,
        number: 1,
        lineCount: 0,
        totalCents: 0,
      })
      .returning({ id: t.iaChargeFiles.id });
    const refused = await put(callers.admin, w.termId, null, null);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe('optOutDeadline');
    // A later day would reopen choices the file already charged; an earlier one would charge
    // drops that came before it.
    for (const day of ['2026-11-03', '2026-10-01']) {
      const moved = await put(callers.admin, w.termId, day, null);
      expect(moved.statusCode).toBe(409);
      expect(moved.json().field).toBe('optOutDeadline');
    }
    // The refund window may still change.
    const refund = await put(callers.admin, w.termId, '2026-11-02', '2026-11-20');
    expect(refund.json()).toMatchObject({
      optOutDeadline: '2026-11-02',
      refundUntil: '2026-11-20',
      hasChargeFile: true,
    });
    await ctx.db.delete(t.iaChargeFiles).where(eq(t.iaChargeFiles.id, file!.id));
    // A run whose lines allowances all paid makes no file, yet its charges are fixed as well.
    const section = await w.section();
    const student = await w.student();
    await w.enrol(student, section);
    const programId = await w.program(section, [
      { adoptionMaterialId: await w.iaAdoption([section]), priceCents: 5_999 },
    ]);
    const [participant] = await w.participants(programId);
    const [line] = await ctx.db
      .insert(t.iaChargeLines)
      .values({
        locationId: w.locationId,
        participantId: participant!.id,
        kind: 'CHARGE',
        amountCents: 5_999,
        paidByFunding: true,
        description: 'Campbell Biology (digital)',
      })
      .returning({ id: t.iaChargeLines.id });
    const funded = await put(callers.admin, w.termId, '2026-11-04', null);
    expect(funded.statusCode).toBe(409);
    expect(funded.json().field).toBe('optOutDeadline');
    await ctx.db.delete(t.iaChargeLines).where(eq(t.iaChargeLines.id, line!.id));
    await ctx.db.delete(t.iaPrograms).where(eq(t.iaPrograms.id, programId));
    expect((await put(callers.admin, w.termId, null, null)).json()).toMatchObject({
      optOutDeadline: null,
      hasChargeFile: false,
    });
  });

  it('keeps each division to its managers: another division, a department grant, another store', async () => {
    const { northCma, deptCma, instructor, storeB, north } = callers;
    const northTerms = await terms(northCma);
    expect(northTerms.map((x) => x.divisionName)).toEqual(['North Campus']);
    const northTermId = northTerms[0]!.termId;
    expect((await put(northCma, northTermId, '2027-02-01', null)).statusCode).toBe(200);
    expect((await put(northCma, w.termId, '2026-11-01', null)).statusCode).toBe(404);
    expect(north.divisionId).toBe(northTerms[0]!.divisionId);

    // A department's manager sees the term of its sections, but the dates are the division's.
    const deptTerms = await terms(deptCma);
    expect(deptTerms.map((x) => [x.termId, x.mayEditDates])).toEqual([[w.termId, false]]);
    const refused = await put(deptCma, w.termId, '2026-11-01', null);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().field).toBe('termId');

    const foreign = await put(callers.admin, await storeBTerm(ctx), '2026-11-01', null);
    expect(foreign.statusCode).toBe(404);
    // Store B's administrator holds nothing in store A: refused, and the term is unchanged.
    expect([403, 404]).toContain((await put(storeB, w.termId, '2026-11-01', null)).statusCode);
    expect((await iaCall(ctx, instructor, getIaTerms)).statusCode).toBe(403);
    expect((await put(instructor, w.termId, '2026-11-01', null)).statusCode).toBe(403);
    const fall = (await terms(callers.admin)).find((x) => x.termId === w.termId);
    expect(fall?.optOutDeadline).toBeNull();
  });

  it("answers each division's current term on the dashboard, with its program figures", async () => {
    const section = await w.section();
    const [a, b] = [await w.student(), await w.student()];
    await w.enrol(a, section);
    await w.enrol(b, section);
    const program = await w.program(section, [
      { adoptionMaterialId: await w.iaAdoption([section]), priceCents: 5_999 },
    ]);
    await ctx.db
      .update(t.iaParticipants)
      .set({ choice: 'OUT' })
      .where(eq(t.iaParticipants.studentId, b));
    const res = await iaCall(ctx, callers.admin, getIaDashboard);
    const dash = (res.json() as { terms: IaTerm[] }).terms;
    expect(dash.map((x) => x.termName)).toEqual(['Fall 2026', 'Spring 2027']);
    expect(dash[0]).toMatchObject({
      sections: 1,
      enrolled: 2,
      participantsIn: 1,
      participantsOut: 1,
      optOutRate: 50,
    });
    expect(program).toBeGreaterThan(0);
    // The department's manager counts only its own sections (the program is one of them).
    const own = (await iaCall(ctx, callers.deptCma, getIaDashboard)).json().terms as IaTerm[];
    expect(own.map((x) => [x.termName, x.sections])).toEqual([['Fall 2026', 1]]);
    const north = (await iaCall(ctx, callers.northCma, getIaDashboard)).json().terms as IaTerm[];
    expect(north.map((x) => [x.divisionName, x.sections])).toEqual([['North Campus', 0]]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getIaParticipants,
  getIaProgram,
  getIaSectionCandidates,
  getIaTermPrograms,
  saveIaProgram,
  type IaParticipant,
  type IaProgramEditor,
  type IaProgramRow,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { iaWorld, type IaWorld } from '../../../test-support/ia-world.ts';
import { iaAuditCount, iaCall, iaProgramCallers } from '../../../test-support/ia-programs-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way. */
const NOW = new Date('2026-10-15T12:00:00Z');

describe.each(engines)('inclusive access: programs (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaWorld;
  let callers: Awaited<ReturnType<typeof iaProgramCallers>>;

  const editor = async (caller: Caller, sectionId: number) => {
    const res = await iaCall(ctx, caller, getIaProgram, { sectionId });
    expect(res.statusCode).toBe(200);
    return res.json() as IaProgramEditor;
  };
  const save = (caller: Caller, sectionId: number, body: unknown) =>
    iaCall(ctx, caller, saveIaProgram, { sectionId }, { body });
  const participants = async (sectionId: number) => {
    const res = await iaCall(ctx, callers.admin, getIaParticipants, { sectionId });
    expect(res.statusCode).toBe(200);
    return res.json() as { participants: IaParticipant[]; enrolled: number; optOutRate: number };
  };
  const programRow = async (sectionId: number) => {
    const res = await iaCall(ctx, callers.admin, getIaTermPrograms, { termId: w.termId });
    const rows = (res.json() as { programs: IaProgramRow[] }).programs;
    return rows.find((r) => r.sectionId === sectionId);
  };
  /** An adoption of the sections that is not of the kind Inclusive access (print). */
  const printAdoption = async (sectionIds: number[]) => {
    const id = await w.iaAdoption(sectionIds, 'Printed reader');
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ ia: false, materialKind: 'COMMERCIAL_PRINT' })
      .where(eq(t.adoptionMaterials.id, id));
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    w = iaWorld(ctx);
    callers = await iaProgramCallers(ctx);
  });
  afterAll(async () => ctx?.close());

  it("offers the section's covering inclusive-access adoptions only, and puts it in the program", async () => {
    const [section, other] = [await w.section('101'), await w.section('102')];
    const ia = await w.iaAdoption([section]);
    await printAdoption([section]);
    await w.iaAdoption([other], 'Another section’s platform');
    const [a, b] = [await w.student('Ann', 'Able'), await w.student('Bo', 'Brown')];
    await w.enrol(a, section);
    await w.enrol(b, section);

    const candidates = await iaCall(ctx, callers.admin, getIaSectionCandidates, {
      termId: w.termId,
    });
    const offered = candidates.json().sections as { sectionId: number; iaMaterials: number }[];
    expect(offered.find((s) => s.sectionId === section)?.iaMaterials).toBe(1);

    const before = await editor(callers.admin, section);
    expect(before).toMatchObject({ inProgram: false, model: 'OPT_OUT', enrolled: 0 });
    expect(before.materials.map((m) => [m.adoptionMaterialId, m.priceCents])).toEqual([[ia, null]]);

    const res = await save(callers.admin, section, {
      model: 'OPT_OUT',
      materials: [{ adoptionMaterialId: ia, priceCents: 5_999 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inProgram: true,
      enrolled: 2,
      participantsIn: 2,
      participantsOut: 0,
      optOutRate: 0,
      materials: [{ adoptionMaterialId: ia, priceCents: 5_999 }],
    });
    const candidatesAfter = await iaCall(ctx, callers.admin, getIaSectionCandidates, {
      termId: w.termId,
    });
    expect(
      candidatesAfter.json().sections.map((s: { sectionId: number }) => s.sectionId),
    ).not.toContain(section);
    // The staff member who put the section in the program is named on each first change.
    const list = await participants(section);
    expect(list.participants.map((p) => [p.lastName, p.history[0]?.source])).toEqual([
      ['Able', 'PROGRAM'],
      ['Brown', 'PROGRAM'],
    ]);
    expect(list.participants[0]!.history[0]!.actorName).toBeTruthy();
  });

  it('refuses what is not an inclusive-access adoption of the section, and prices that are not positive', async () => {
    const section = await w.section('103');
    const print = await printAdoption([section]);
    const elsewhere = await w.iaAdoption([await w.section('104')]);
    const ia = await w.iaAdoption([section]);
    for (const adoptionMaterialId of [print, elsewhere]) {
      const res = await save(callers.admin, section, {
        model: 'OPT_OUT',
        materials: [
          { adoptionMaterialId: ia, priceCents: 100 },
          { adoptionMaterialId, priceCents: 100 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('materials.1.adoptionMaterialId');
    }
    const free = await save(callers.admin, section, {
      model: 'OPT_OUT',
      materials: [{ adoptionMaterialId: ia, priceCents: 0 }],
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().field).toBe('materials.0.priceCents');
    const twice = await save(callers.admin, section, {
      model: 'OPT_OUT',
      materials: [
        { adoptionMaterialId: ia, priceCents: 100 },
        { adoptionMaterialId: ia, priceCents: 200 },
      ],
    });
    expect(twice.json().field).toBe('materials.1.adoptionMaterialId');
    expect((await editor(callers.admin, section)).inProgram).toBe(false);
  });

  it('takes a course-wide inclusive-access adoption, and a save sent twice changes nothing', async () => {
    const section = await w.section('105');
    const courseWide = await w.iaAdoption([section], 'Course-wide platform');
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ adoptionType: 'AUTO_ADOPTION' })
      .where(eq(t.adoptionMaterials.id, courseWide));
    await ctx.db
      .delete(t.adoptionMaterialSections)
      .where(eq(t.adoptionMaterialSections.adoptionMaterialId, courseWide));
    const body = {
      model: 'OPT_IN',
      materials: [{ adoptionMaterialId: courseWide, priceCents: 4_500 }],
    };
    const audits = await iaAuditCount(ctx, 'IA_PROGRAM_ADDED');
    const changes = await iaAuditCount(ctx, 'IA_PROGRAM_CHANGED');
    const [first, second] = [
      await save(callers.admin, section, body),
      await save(callers.admin, section, body),
    ];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await iaAuditCount(ctx, 'IA_PROGRAM_ADDED')).toBe(audits + 1);
    expect(await iaAuditCount(ctx, 'IA_PROGRAM_CHANGED')).toBe(changes);
    expect(await programRow(section)).toMatchObject({ model: 'OPT_IN', totalCents: 4_500 });
  });

  it('counts participants in and out after enrolments, drops and choices', async () => {
    const section = await w.section('106');
    const ia = await w.iaAdoption([section]);
    const students = [await w.student(), await w.student(), await w.student(), await w.student()];
    for (const s of students.slice(0, 3)) await w.enrol(s, section);
    await save(callers.admin, section, {
      model: 'OPT_OUT',
      materials: [{ adoptionMaterialId: ia, priceCents: 5_999 }],
    });
    await w.enrol(students[3]!, section);
    await w.drop(students[0]!, section);
    await ctx.db
      .update(t.iaParticipants)
      .set({ choice: 'OUT' })
      .where(eq(t.iaParticipants.studentId, students[1]!));
    // Enrolled: 2, 3 and 4; 2 opted out: one in three is out.
    const expected = { enrolled: 3, participantsIn: 2, participantsOut: 1, optOutRate: 33.3 };
    expect(await programRow(section)).toMatchObject(expected);
    const list = await participants(section);
    expect(list).toMatchObject(expected);
    const dropped = list.participants.find((p) => p.studentId === students[0]);
    expect(dropped).toMatchObject({ enrolled: false, participating: true });
    expect(dropped?.history.map((h) => `${h.change}:${h.source}`)).toEqual([
      'ENROLLED:PROGRAM',
      'DROPPED:FEED',
    ]);
    const late = list.participants.find((p) => p.studentId === students[3]);
    expect(late?.history.map((h) => `${h.change}:${h.source}`)).toEqual(['ENROLLED:FEED']);
    expect(list.participants.find((p) => p.studentId === students[1])).toMatchObject({
      choice: 'OUT',
      participating: false,
    });
  });

  it('keeps the model, new materials and higher prices out after the deadline, and leaves the program only without charges', async () => {
    const section = await w.section('107');
    const ia = await w.iaAdoption([section]);
    const student = await w.student();
    await w.enrol(student, section);
    const body = (model: string, priceCents = 5_999) => ({
      model,
      materials: [{ adoptionMaterialId: ia, priceCents }],
    });
    expect((await save(callers.admin, section, body('OPT_OUT'))).statusCode).toBe(200);
    await w.termDates('2026-10-01');
    const model = await save(callers.admin, section, body('OPT_IN'));
    expect(model.statusCode).toBe(409);
    expect(model.json().field).toBe('model');
    // The students in can no longer opt out: what they are charged may only go down.
    const raised = await save(callers.admin, section, body('OPT_OUT', 6_500));
    expect(raised.statusCode).toBe(409);
    expect(raised.json().field).toBe('materials.0.priceCents');
    const added = await save(callers.admin, section, {
      model: 'OPT_OUT',
      materials: [
        { adoptionMaterialId: ia, priceCents: 5_999 },
        {
          adoptionMaterialId: await w.iaAdoption([section], 'Lab manual (digital)'),
          priceCents: 100,
        },
      ],
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().field).toBe('materials.1.adoptionMaterialId');
    expect((await editor(callers.admin, section)).materials.map((m) => m.priceCents)).toContain(
      5_999,
    );
    expect((await save(callers.admin, section, body('OPT_OUT', 5_000))).statusCode).toBe(200);
    const newcomer = await w.section('108');
    const late = await save(callers.admin, newcomer, {
      model: 'OPT_OUT',
      materials: [{ adoptionMaterialId: await w.iaAdoption([newcomer]), priceCents: 100 }],
    });
    expect(late.statusCode).toBe(409);
    await w.termDates(null);

    const [participant] = await ctx.db
      .select({ id: t.iaParticipants.id })
      .from(t.iaParticipants)
      .where(eq(t.iaParticipants.studentId, student));
    await ctx.db.insert(t.iaChargeLines).values({
      locationId: w.locationId,
      participantId: participant!.id,
      kind: 'CHARGE',
      amountCents: 6_500,
      description: 'Campbell Biology (digital)',
    });
    const refused = await save(callers.admin, section, { model: 'OPT_OUT', materials: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe('materials');
    await ctx.db.delete(t.iaChargeLines).where(eq(t.iaChargeLines.participantId, participant!.id));
    const left = await save(callers.admin, section, { model: 'OPT_OUT', materials: [] });
    expect(left.json()).toMatchObject({ inProgram: false, enrolled: 0 });
    expect(await programRow(section)).toBeUndefined();
  });

  it("keeps programs to the caller's sections: another division, another store", async () => {
    const section = await w.section('109');
    const ia = await w.iaAdoption([section]);
    const body = { model: 'OPT_OUT', materials: [{ adoptionMaterialId: ia, priceCents: 100 }] };
    // The fixture's department is the department manager's: they may.
    expect((await save(callers.deptCma, section, body)).statusCode).toBe(200);
    const outside = await save(callers.northCma, section, body);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().field).toBe('sectionId');
    expect(
      (await iaCall(ctx, callers.northCma, getIaProgram, { sectionId: section })).statusCode,
    ).toBe(404);
    const northTerm = await iaCall(ctx, callers.northCma, getIaTermPrograms, { termId: w.termId });
    expect(northTerm.statusCode).toBe(404);
    // The north section is not the department manager's, nor the fixture term's.
    const north = await iaCall(ctx, callers.deptCma, getIaParticipants, {
      sectionId: callers.north.sectionId,
    });
    expect(north.statusCode).toBe(404);
    expect([403, 404]).toContain(
      (await iaCall(ctx, callers.storeB, getIaProgram, { sectionId: section })).statusCode,
    );
    expect(
      (await iaCall(ctx, callers.instructor, getIaProgram, { sectionId: section })).statusCode,
    ).toBe(403);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IA_CHOICES, IA_MODELS, isParticipating } from '@csp/contracts';
import { queryRows } from '../../db/bulk-write.ts';
import * as t from '../../db/schema/index.ts';
import { iaWorld, type IaWorld } from '../../test-support/ia-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { iaParticipatingSql } from './participation-sql.ts';

const engines = await testEngines();

describe.each(engines)('inclusive-access participants (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = iaWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('answers whether a participant is in the same way in TypeScript and in SQL', async () => {
    for (const model of IA_MODELS) {
      for (const choice of [...IA_CHOICES, null]) {
        const rows = await queryRows<{ inside: boolean }>(
          ctx.db,
          sql`select ${iaParticipatingSql()} as inside
              from (select ${choice}::text as choice) p, (select ${model}::text as model) pr`,
        );
        expect({ model, choice, inside: rows[0]?.inside }).toEqual({
          model,
          choice,
          inside: isParticipating(model, choice),
        });
      }
    }
  });

  it("takes a section's enrolled students in when it joins the program, then follows enrolments and drops", async () => {
    const section = await w.section();
    const [before, later] = [await w.student(), await w.student()];
    await w.enrol(before, section);
    const program = await w.program(section, [
      { adoptionMaterialId: await w.iaAdoption([section]), priceCents: 5_999 },
    ]);
    expect((await w.participants(program)).map((p) => [p.studentId, p.enrolled])).toEqual([
      [before, true],
    ]);

    await w.enrol(later, section);
    await w.drop(before, section);
    const rows = await w.participants(program);
    expect(rows.map((p) => [p.studentId, p.enrolled, p.droppedAt !== null])).toEqual([
      [before, false, true],
      [later, true, false],
    ]);

    await w.enrol(before, section);
    const changes = await ctx.db
      .select({
        participantId: t.iaParticipantChanges.participantId,
        change: t.iaParticipantChanges.change,
        source: t.iaParticipantChanges.source,
      })
      .from(t.iaParticipantChanges)
      .orderBy(t.iaParticipantChanges.id);
    const ofBefore = changes.filter((c) => c.participantId === rows[0]!.id);
    expect(ofBefore.map((c) => `${c.change}:${c.source}`)).toEqual([
      'ENROLLED:PROGRAM',
      'DROPPED:FEED',
      'ENROLLED:FEED',
    ]);
    expect((await w.participants(program))[0]).toMatchObject({ enrolled: true, droppedAt: null });
  });

  it('leaves enrolments in sections outside the program alone, and deleting a student deletes their participation', async () => {
    const [inside, outside] = [await w.section(), await w.section()];
    const program = await w.program(inside, []);
    const student = await w.student();
    await w.enrol(student, outside);
    expect(await w.participants(program)).toEqual([]);
    await w.enrol(student, inside);
    expect(await w.participants(program)).toHaveLength(1);
    await ctx.db.delete(t.students).where(sql`${t.students.id} = ${student}`);
    expect(await w.participants(program)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { saveIaProgram } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import { iaWorld, type IaWorld } from '../../../test-support/ia-world.ts';
import { iaCall, iaProgramCallers } from '../../../test-support/ia-programs-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way; its deadline has passed. */
const NOW = new Date('2026-10-15T12:00:00Z');

/**
 * A section leaving the program while a charge run of its term is under way (PostgreSQL: the
 * one engine with two connections at once). The run holds the term's lock and makes a line for
 * the section's participant; the leave must wait for it and then be refused, never delete the
 * participant and, by cascade, a line of a numbered file.
 */
describe.each(engines.filter((e) => e === 'postgres'))(
  'inclusive access: leaving the program during a charge run (%s)',
  (engine) => {
    let ctx: TestContext;
    let w: IaWorld;
    let callers: Awaited<ReturnType<typeof iaProgramCallers>>;

    beforeAll(async () => {
      ctx = await createTestApp(engine, { now: () => NOW });
      w = iaWorld(ctx);
      callers = await iaProgramCallers(ctx);
    });
    afterAll(async () => ctx?.close());

    it('waits for the run and refuses to leave once the run made a line', async () => {
      const section = await w.section();
      const ia = await w.iaAdoption([section]);
      const student = await w.student();
      await w.enrol(student, section);
      const programId = await w.program(section, [{ adoptionMaterialId: ia, priceCents: 5_999 }]);
      await w.termDates('2026-10-01');
      const [participant] = await w.participants(programId);

      let leave: Promise<{ statusCode: number; json(): { field?: string } }> | undefined;
      let settled = false;
      // The run: the term locked as charge-run.ts locks it, then a line for the participant.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from terms where id = ${w.termId} for no key update`);
        leave = iaCall(
          ctx,
          callers.admin,
          saveIaProgram,
          { sectionId: section },
          {
            body: { model: 'OPT_OUT', materials: [] },
          },
        ).finally(() => {
          settled = true;
        });
        // Until the leave waits on a lock (or, wrongly, has finished without waiting).
        for (;;) {
          if (settled) break;
          const [row] = await queryRows<{ waiting: boolean }>(
            ctx.db,
            sql`select exists (select 1 from pg_locks where not granted) as waiting`,
          );
          if (row?.waiting) break;
        }
        if (settled) return;
        await tx.insert(t.iaChargeLines).values({
          locationId: w.locationId,
          participantId: participant!.id,
          kind: 'CHARGE',
          amountCents: 5_999,
          description: 'Campbell Biology (digital)',
        });
      });
      const answer = await leave!;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().field).toBe('materials');
      const lines = await ctx.db
        .select()
        .from(t.iaChargeLines)
        .where(eq(t.iaChargeLines.participantId, participant!.id));
      expect(lines).toHaveLength(1);
    });
  },
);

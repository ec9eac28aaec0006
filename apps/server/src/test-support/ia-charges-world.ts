import { eq, sql } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { queryRows } from '../db/bulk-write.ts';
import { iaWorld } from './ia-world.ts';
import type { TestContext } from './test-app.ts';
import { day } from './today.ts';

/**
 * Charge files' world (issue 32, point 4): each term() is a new term of the fixture's division
 * with one program section (so the tests of a file never share a term's lines), its deadline
 * and refund window dated from the real today; students, drops dated as the test needs, and
 * funding allowances written straight to the database.
 */
export function iaChargesWorld(ctx: TestContext) {
  const w = iaWorld(ctx);
  const { locationId } = w;
  let serial = 0;

  async function term(
    deadline: string | null,
    refundUntil: string | null = null,
    priceCents = 5_999,
  ) {
    serial += 1;
    const [row] = await ctx.db
      .insert(t.terms)
      .values({
        locationId,
        divisionId: w.divisionId,
        name: `Charges ${serial}-${Math.floor(Math.random() * 1e6)}`,
        startDate: day(-60),
        endDate: day(60),
        iaOptOutDeadline: deadline,
        iaRefundUntil: refundUntil,
      })
      .returning({ id: t.terms.id });
    const termId = row!.id;
    const [section] = await ctx.db
      .insert(t.sections)
      .values({
        locationId,
        courseId: ctx.fixture.catalog.courseId,
        termId,
        code: `C${serial}`,
        startDate: day(-60),
        endDate: day(60),
      })
      .returning({ id: t.sections.id });
    const adoption = await w.iaAdoption([section!.id], `Digital Biology ${serial}`);
    const [program] = await ctx.db
      .insert(t.iaPrograms)
      .values({ locationId, sectionId: section!.id, termId })
      .returning({ id: t.iaPrograms.id });
    await ctx.db
      .insert(t.iaProgramMaterials)
      .values({ locationId, programId: program!.id, adoptionMaterialId: adoption, priceCents });
    const sectionId = section!.id;
    return {
      termId,
      sectionId,
      programId: program!.id,
      /** A new student enrolled in the section: the student's id. */
      async enrolled(first = 'Stu') {
        const student = await w.student(first);
        await w.enrol(student, sectionId);
        return student;
      },
      drop: (studentId: number) => w.drop(studentId, sectionId),
      /** Enrols a student again (after a drop). */
      enrol: (studentId: number) => w.enrol(studentId, sectionId),
      /** Dates the student's drop (the day the participant's row says). */
      async droppedOn(studentId: number, isoDay: string) {
        await ctx.db.execute(
          sql`update ia_participants set dropped_at = ${`${isoDay}T12:00:00Z`}::timestamptz
            where program_id = ${program!.id} and student_id = ${studentId}`,
        );
      },
      async choose(studentId: number, choice: 'IN' | 'OUT') {
        await ctx.db.execute(
          sql`update ia_participants set choice = ${choice}
            where program_id = ${program!.id} and student_id = ${studentId}`,
        );
      },
      /** The term's lines: [student id number, kind, cents, file number or null, paid by funding]. */
      async lines() {
        return queryRows<{
          sid: string;
          kind: string;
          cents: number;
          file: number | null;
          funded: boolean;
        }>(
          ctx.db,
          sql`select st.student_id_num as sid, l.kind, l.amount_cents as cents, f.number as file,
              l.paid_by_funding as funded
            from ia_charge_lines l join ia_participants p on p.id = l.participant_id
              join students st on st.id = p.student_id
              left join ia_charge_files f on f.id = l.file_id
            where p.program_id = ${program!.id} order by l.id`,
        );
      },
    };
  }

  /** A funding source paying `spending` (any term unless `termIds`), and an allowance of `cents`. */
  async function allowance(
    studentId: number,
    cents: number,
    spending: string[] = ['DIGITAL'],
    termIds: number[] = [],
  ): Promise<number> {
    const [creator] = await ctx.db
      .select({ id: t.userAccounts.id })
      .from(t.userAccounts)
      .where(eq(t.userAccounts.locationId, locationId))
      .limit(1);
    const [source] = await ctx.db
      .insert(t.fundingSources)
      .values({
        locationId,
        name: `IA aid ${++serial}`,
        kind: 'FINANCIAL_AID',
        budgetCents: 1_000_000,
        chargeStartsOn: day(-30),
        chargeEndsOn: day(30),
        scope: 'ANY_COURSE_MATERIAL',
        spending,
        unspentPolicy: 'RETURN_TO_SOURCE',
        createdBy: creator!.id,
      })
      .returning({ id: t.fundingSources.id });
    if (termIds.length > 0) {
      await ctx.db
        .insert(t.fundingSourceTerms)
        .values(termIds.map((termId) => ({ sourceId: source!.id, termId })));
    }
    const [row] = await ctx.db
      .insert(t.fundingAllowances)
      .values({
        locationId,
        sourceId: source!.id,
        studentId,
        voucherCode: `IA-${serial}-${studentId}`,
      })
      .returning({ id: t.fundingAllowances.id });
    await ctx.db.insert(t.fundingLedger).values({
      locationId,
      sourceId: source!.id,
      allowanceId: row!.id,
      studentId,
      kind: 'ALLOCATION',
      amountCents: cents,
    });
    return row!.id;
  }

  /** An allowance's kept balance and its IA ledger entries (kind, cents, has an order). */
  async function allowanceState(allowanceId: number) {
    const [a] = await ctx.db
      .select({ balance: t.fundingAllowances.balanceCents })
      .from(t.fundingAllowances)
      .where(eq(t.fundingAllowances.id, allowanceId));
    const entries = await queryRows<{
      kind: string;
      cents: number;
      order_id: number | null;
      line: number | null;
    }>(
      ctx.db,
      sql`select kind, amount_cents as cents, order_id, ia_charge_line_id as line from funding_ledger
        where allowance_id = ${allowanceId} and kind <> 'ALLOCATION' order by id`,
    );
    return { balance: a!.balance, entries };
  }

  return { ...w, term, allowance, allowanceState };
}
export type IaChargesWorld = ReturnType<typeof iaChargesWorld>;

import { sql } from 'drizzle-orm';
import type { IaChargeLineKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaChargeFiles, iaChargeLines } from '../../../db/schema/index.ts';
import { iaParticipatingSql } from '../participation-sql.ts';
import type { IaDivisionTerm } from '../programs/division-term-repository.ts';

/** A line the next run would make (nothing written yet). */
export interface NewLine {
  kind: IaChargeLineKind;
  participantId: number;
  studentId: number;
  /** Signed as the student's account moves: a charge positive, a credit negative. */
  amountCents: number;
  description: string;
  /** A credit's charge line. */
  chargeLineId: number | null;
  /** The participant's n-th line of its kind (1 unless charged again after a credit). */
  seq: number;
}

/** The day (UTC, the store's calendar: lib/iso-day.ts) a participant dropped. */
const DROPPED_DAY = sql.raw(`(p.dropped_at at time zone 'UTC')::date`);

/**
 * Every line of the term not yet made, charges then credits, by participant (docs in
 * packages/contracts/src/inclusive-access/charges.ts). A participant owes at most one charge at
 * a time: their charges less their credits is 0 or 1.
 * - a CHARGE for each participant who is in (iaParticipatingSql) and owes none (never charged,
 *   or every charge credited: a student who dropped within the refund window and enrolled
 *   again), when enrolled, or dropped after the deadline but outside the refund window (a drop
 *   on or before the deadline is never charged; one within the window would be credited at
 *   once, so it is not charged either); the amount is the sum of the program's prices;
 * - a CREDIT for each participant who owes a charge and dropped after the deadline, on or
 *   before the refund window's last day: the latest charge's amount back. A drop after the
 *   window is not credited, and a later re-enrolment is not charged again.
 * The unique (participant, kind, seq) index holds "each line once" whatever this says.
 */
export async function newLines(
  db: Db,
  locationId: number,
  term: IaDivisionTerm,
): Promise<NewLine[]> {
  const deadline = term.optOutDeadline;
  if (deadline === null) return [];
  const refundUntil = term.refundUntil;
  const withinWindow =
    refundUntil === null
      ? sql`false`
      : sql`(${DROPPED_DAY} > ${deadline}::date and ${DROPPED_DAY} <= ${refundUntil}::date)`;
  const rows = await queryRows<{
    kind: IaChargeLineKind;
    participant_id: number;
    student_id: number;
    amount_cents: number;
    description: string;
    charge_line_id: number | null;
    seq: number;
  }>(
    db,
    sql`with pr as (
        select pr.id, pr.model, sum(pm.price_cents)::int as amount,
          string_agg(coalesce(ti.description, 'Course material'), '; '
            order by coalesce(ti.description, ''), pm.id) as materials
        from ia_programs pr
          join ia_program_materials pm on pm.program_id = pr.id
          join adoption_materials am on am.id = pm.adoption_material_id
          left join titles ti on ti.id = am.title_id
        where pr.location_id = ${locationId} and pr.term_id = ${term.termId}
        group by pr.id, pr.model
      ),
      lines as (
        select l.participant_id,
          count(*) filter (where l.kind = 'CHARGE')::int as charges,
          count(*) filter (where l.kind = 'CREDIT')::int as credits,
          (array_agg(l.id order by l.seq desc) filter (where l.kind = 'CHARGE'))[1] as last_charge
        from ia_charge_lines l
          join ia_participants lp on lp.id = l.participant_id
          join pr on pr.id = lp.program_id
        group by l.participant_id
      )
      select 'CHARGE' as kind, p.id as participant_id, p.student_id, pr.amount as amount_cents,
        'Inclusive access: ' || pr.materials as description, null::int as charge_line_id,
        coalesce(l.charges, 0) + 1 as seq
      from ia_participants p join pr on pr.id = p.program_id
        left join lines l on l.participant_id = p.id
      where ${iaParticipatingSql('p', 'pr')}
        and (p.enrolled or (${DROPPED_DAY} > ${deadline}::date and not ${withinWindow}))
        and coalesce(l.charges, 0) = coalesce(l.credits, 0)
      union all
      select 'CREDIT', p.id, p.student_id, -c.amount_cents,
        'Credit, dropped ' || ${DROPPED_DAY}::text || ': ' || c.description, c.id,
        l.credits + 1
      from ia_participants p
        join lines l on l.participant_id = p.id
        join ia_charge_lines c on c.id = l.last_charge
      where not p.enrolled and ${withinWindow} and l.charges > l.credits
      order by kind, participant_id`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    participantId: Number(r.participant_id),
    studentId: Number(r.student_id),
    amountCents: Number(r.amount_cents),
    description: r.description,
    chargeLineId: r.charge_line_id === null ? null : Number(r.charge_line_id),
    seq: Number(r.seq),
  }));
}

/** The term's next file number (under the term's lock: two runs never take the same). */
export async function nextFileNumber(db: Db, termId: number): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(number), 0) + 1 as next from ia_charge_files where term_id = ${termId}`,
  );
  return Number(row?.next ?? 1);
}

export async function insertChargeFile(
  db: Db,
  file: {
    locationId: number;
    termId: number;
    number: number;
    lineCount: number;
    totalCents: number;
    createdBy: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(iaChargeFiles).values(file).returning({ id: iaChargeFiles.id });
  if (!row) throw new Error('charge file not created');
  return row.id;
}

const CHUNK = 1000;

/** A line's key among a run's lines: a participant has at most one of each kind. */
export const lineKey = (l: { participantId: number; kind: string }) =>
  `${l.participantId}:${l.kind}`;

/**
 * Inserts the lines (in a file, or paid by funding); answers each line's id by lineKey.
 * A line already made (participant and kind) would fail the unique index: the caller holds the
 * term's lock and made the list under it, so none is.
 */
export async function insertLines(
  db: Db,
  locationId: number,
  lines: readonly (NewLine & { fileId: number | null; paidByFunding: boolean })[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < lines.length; i += CHUNK) {
    const rows = await db
      .insert(iaChargeLines)
      .values(
        lines.slice(i, i + CHUNK).map((l) => ({
          locationId,
          participantId: l.participantId,
          kind: l.kind,
          amountCents: l.amountCents,
          fileId: l.fileId,
          paidByFunding: l.paidByFunding,
          description: l.description,
          seq: l.seq,
        })),
      )
      .returning({
        id: iaChargeLines.id,
        participantId: iaChargeLines.participantId,
        kind: iaChargeLines.kind,
      });
    for (const r of rows) ids.set(lineKey(r), r.id);
  }
  return ids;
}

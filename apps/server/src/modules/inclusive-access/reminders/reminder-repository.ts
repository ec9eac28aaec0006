import { sql } from 'drizzle-orm';
import { IA_DEADLINE_REMINDER_DAYS, type IaReminderKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaParticipatingSql } from '../participation-sql.ts';

/**
 * The reminders' rows (`ia_reminders`, one per term, student and kind: the unique triple makes
 * planning idempotent whatever the number of processes) and their claims, as the campaigns'
 * e-mails are claimed (ADR 0044): a run claims a batch with its token, renews a claim just
 * before its send, settles `sent_at` after it. A claim older than the stale time is of a run
 * that stopped, or a failed send waiting out its retry.
 */

/** A claimed reminder with what its e-mail needs of the term and the student. */
export interface ClaimedReminder {
  id: number;
  locationId: number;
  termId: number;
  kind: IaReminderKind;
  attempts: number;
  termName: string;
  deadline: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A section of a reminder: the student's program there, its materials, whether they are in. */
export interface ReminderSection {
  programId: number;
  departmentCode: string;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  participating: boolean;
  materials: { title: string; priceCents: number }[];
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The windows of each kind on `today`: DEADLINE_NEAR from IA_DEADLINE_REMINDER_DAYS before the
 * deadline to the deadline itself; TERM_START from the term's first day until that window (a
 * term that starts inside it gets the deadline's reminder alone: one e-mail, not two at once).
 * A planned reminder still goes until the deadline (claimReminders), never after.
 */
function inWindow(today: string) {
  const day = sql`${today}::date`;
  return sql`((k.kind = 'TERM_START' and t.start_date <= ${day}
      and ${day} < t.ia_opt_out_deadline - ${IA_DEADLINE_REMINDER_DAYS}::int)
    or (k.kind = 'DEADLINE_NEAR'
      and t.ia_opt_out_deadline - ${IA_DEADLINE_REMINDER_DAYS}::int <= ${day}
      and ${day} <= t.ia_opt_out_deadline))`;
}

/**
 * Plans the reminders due on `today`: one per term, kind and student enrolled in at least one
 * program of the term. A row planned already (by this or another process) stays as it is.
 * Answers how many rows are new.
 */
export async function planReminders(db: Db, today: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ia_reminders (location_id, term_id, student_id, kind)
        select distinct t.location_id, t.id, p.student_id, k.kind
        from terms t
        cross join (values ('TERM_START'), ('DEADLINE_NEAR')) as k(kind)
        join ia_programs pr on pr.term_id = t.id
        join ia_participants p on p.program_id = pr.id and p.enrolled
        where t.ia_opt_out_deadline is not null and ${inWindow(today)}
        on conflict (term_id, student_id, kind) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * Claims up to `limit` unsent reminders for this run (`token`), in id order: free ones and ones
 * whose claim is older than `staleMs` (by the database's clock, so processes agree), of terms
 * whose deadline is not past, tried fewer than `maxAttempts` times. `skip locked`: two runs
 * claim side by side, never the same row.
 */
export async function claimReminders(
  db: Db,
  args: { token: string; today: string; staleMs: number; maxAttempts: number; limit: number },
): Promise<ClaimedReminder[]> {
  return queryRows<ClaimedReminder>(
    db,
    sql`with claimable as (
          select r.id from ia_reminders r
          where r.sent_at is null and r.attempts < ${args.maxAttempts}
            and (r.claimed_at is null
              or r.claimed_at < now() - make_interval(secs => ${args.staleMs / 1000}))
            and exists (select 1 from terms t
                        where t.id = r.term_id and ${args.today}::date <= t.ia_opt_out_deadline)
          order by r.id limit ${args.limit}
          for update skip locked
        ),
        claimed as (
          update ia_reminders r set claim_token = ${args.token}, claimed_at = now()
          from claimable c where r.id = c.id
          returning r.*
        )
        select c.id, c.location_id as "locationId", c.term_id as "termId", c.kind, c.attempts,
          t.name as "termName", t.ia_opt_out_deadline::text as deadline, s.email,
          s.first_name as "firstName", s.last_name as "lastName"
        from claimed c
        join terms t on t.id = c.term_id
        join students s on s.id = c.student_id
        order by c.id`,
  );
}

/**
 * The sections each reminder lists, read just before its batch goes: the student's programs of
 * the term where they are still enrolled (a dropped section is left out), with materials.
 */
export async function reminderSections(
  db: Db,
  reminderIds: readonly number[],
): Promise<Map<number, ReminderSection[]>> {
  const byReminder = new Map<number, ReminderSection[]>();
  if (reminderIds.length === 0) return byReminder;
  const rows = await queryRows<Omit<ReminderSection, 'materials'> & { reminderId: number }>(
    db,
    sql`select r.id as "reminderId", pr.id as "programId", d.code as "departmentCode",
          c.code as "courseCode", c.name as "courseName", s.code as "sectionCode",
          ${iaParticipatingSql('p', 'pr')} as participating
        from ia_reminders r
        join ia_programs pr on pr.term_id = r.term_id
        join ia_participants p on p.program_id = pr.id and p.student_id = r.student_id
        join sections s on s.id = pr.section_id
        join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
        where r.id in (${idList(reminderIds)}) and p.enrolled
        order by r.id, d.code, c.code, s.code, s.id`,
  );
  const programIds = [...new Set(rows.map((r) => r.programId))];
  const materials = new Map<number, ReminderSection['materials']>();
  if (programIds.length > 0) {
    const found = await queryRows<{ programId: number; title: string; priceCents: number }>(
      db,
      sql`select pm.program_id as "programId", ti.description as title,
            pm.price_cents as "priceCents"
          from ia_program_materials pm
          join adoption_materials am on am.id = pm.adoption_material_id
          join titles ti on ti.id = am.title_id
          where pm.program_id in (${idList(programIds)})
          order by pm.program_id, ti.description, pm.id`,
    );
    for (const { programId, ...material } of found) {
      materials.set(programId, [...(materials.get(programId) ?? []), material]);
    }
  }
  for (const { reminderId, ...section } of rows) {
    const list = byReminder.get(reminderId) ?? [];
    list.push({ ...section, materials: materials.get(section.programId) ?? [] });
    byReminder.set(reminderId, list);
  }
  return byReminder;
}

/** Renews the claim just before the send: false when it is no longer this run's (do not send). */
export async function renewClaim(db: Db, id: number, token: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ia_reminders set claimed_at = now()
        where id = ${id} and claim_token = ${token} and sent_at is null returning id`,
  );
  return rows.length > 0;
}

/** The e-mail went: settled for good. */
export async function settleSent(db: Db, id: number, at: Date): Promise<void> {
  await db.execute(
    sql`update ia_reminders
        set sent_at = ${at.toISOString()}::timestamptz, claim_token = null, last_error = null
        where id = ${id}`,
  );
}

/**
 * A send that failed: counts the attempt and keeps the claim's time without its owner, so the
 * reminder waits out the stale-claim time before a later run retries it. `giveUp` (the mail
 * server refused the address, or the store does not know it): never retried.
 */
export async function failReminder(
  db: Db,
  id: number,
  error: string,
  options: { giveUp: boolean; maxAttempts: number },
): Promise<void> {
  await db.execute(
    sql`update ia_reminders
        set attempts = ${options.giveUp ? sql`${options.maxAttempts}` : sql`attempts + 1`},
          claim_token = null, last_error = ${error.slice(0, 500)}
        where id = ${id}`,
  );
}

/**
 * A reminder whose student is in no program of the term any more (dropped since it was
 * planned): removed, so a student who enrols again is planned again.
 */
export async function dropReminder(db: Db, id: number, token: string): Promise<void> {
  await db.execute(sql`delete from ia_reminders where id = ${id} and claim_token = ${token}`);
}

/** Frees what a run claimed and did not get to (it stopped, or the mail server is down). */
export async function releaseClaims(db: Db, token: string): Promise<void> {
  await db.execute(
    sql`update ia_reminders set claim_token = null, claimed_at = null
        where claim_token = ${token} and sent_at is null`,
  );
}

/** A term's reminders by kind: planned, sent, failing, waiting (staff's status). */
export async function reminderCounts(
  db: Db,
  termId: number,
): Promise<
  {
    kind: IaReminderKind;
    planned: number;
    sent: number;
    failing: number;
    lastSentAt: string | null;
  }[]
> {
  const rows = await queryRows<{
    kind: IaReminderKind;
    planned: number | string;
    sent: number | string;
    failing: number | string;
    lastSentAt: Date | string | null;
  }>(
    db,
    sql`select kind, count(*) as planned, count(sent_at) as sent,
          count(*) filter (where sent_at is null and attempts > 0) as failing,
          max(sent_at) as "lastSentAt"
        from ia_reminders where term_id = ${termId} group by kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    planned: Number(r.planned),
    sent: Number(r.sent),
    failing: Number(r.failing),
    lastSentAt: r.lastSentAt === null ? null : new Date(r.lastSentAt).toISOString(),
  }));
}

import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { rentalReminders } from '../../../db/schema/index.ts';
import { isoDay, isoDayPlus } from '../../../lib/iso-day.ts';
import { REMINDER_SPAN, REMINDER_WINDOWS, type ReminderKind } from './windows.ts';

/** An outstanding rental in a reminder window whose reminder nobody has claimed yet. */
export interface ReminderCandidate {
  rentalId: number;
  locationId: number;
  studentId: number;
  kind: ReminderKind;
  dueDate: string;
  serial: string;
  title: string;
  isbn: string;
  firstName: string;
  lastName: string;
  email: string;
  storeName: string;
  returnAddressName: string | null;
  returnStreetOne: string | null;
  returnStreetTwo: string | null;
  returnCity: string | null;
  returnState: string | null;
  returnPostalCode: string | null;
  returnPhone: string | null;
}

/** The window's kind for `due_date`, as SQL (REMINDER_WINDOWS is the one source of the windows). */
function kindCase(today: string) {
  const days = sql`(r.due_date - ${today}::date)`;
  const branches = REMINDER_WINDOWS.map(
    (w) => sql`when ${days} between ${w.fromDays} and ${w.toDays} then ${w.kind}`,
  );
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}

/**
 * Rentals still out with the student (no return shipment: no tracking number) due within the
 * reminder windows of `today`, without a claim on the current window's reminder; every store's,
 * grouped by store, student and kind. Reads the partial index rentals_outstanding_due_idx.
 */
export async function findReminderCandidates(db: Db, now: Date): Promise<ReminderCandidate[]> {
  const today = isoDay(now);
  const kind = kindCase(today);
  return queryRows<ReminderCandidate>(
    db,
    sql`select r.id as "rentalId", r.location_id as "locationId", r.student_id as "studentId",
          ${kind} as kind, r.due_date::text as "dueDate", r.serial_item_ref_num as serial,
          t.description as title, t.ean13 as isbn,
          s.first_name as "firstName", s.last_name as "lastName", s.email,
          l.name as "storeName", l.return_address_name as "returnAddressName",
          l.return_street_one as "returnStreetOne", l.return_street_two as "returnStreetTwo",
          l.return_city as "returnCity", l.return_state as "returnState",
          l.return_postal_code as "returnPostalCode", l.return_phone as "returnPhone"
        from rentals r
        join students s on s.id = r.student_id
        join titles t on t.id = r.title_id
        join locations l on l.id = r.location_id
        where r.state = 'OUTSTANDING' and r.tracking_number is null
          and r.due_date between ${isoDayPlus(now, REMINDER_SPAN.fromDays)}::date
                             and ${isoDayPlus(now, REMINDER_SPAN.toDays)}::date
          and not exists (select 1 from rental_reminders rr
                          where rr.rental_id = r.id and rr.kind = ${kind})
        order by r.location_id, r.student_id, 4, r.due_date, r.id`,
  );
}

/**
 * Claims the reminder `kind` of the rentals that are still outstanding and returns the ids this
 * call claimed. The unique (rental_id, kind) index makes the insert the lock: of several
 * processes inserting the same rows, one gets them and the others get nothing back. Inserting
 * in id order means two processes never split one student's rentals between them.
 */
export async function claimReminders(
  db: Db,
  rentalIds: readonly number[],
  kind: ReminderKind,
  now: Date,
): Promise<number[]> {
  if (rentalIds.length === 0) return [];
  const ids = sql.join(
    rentalIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ rentalId: number }>(
    db,
    sql`insert into rental_reminders (rental_id, kind, claimed_at)
        select r.id, ${kind}, ${now.toISOString()}::timestamptz from rentals r
        where r.id in (${ids})
          and r.state = 'OUTSTANDING' and r.tracking_number is null
        order by r.id
        on conflict (rental_id, kind) do nothing
        returning rental_id as "rentalId"`,
  );
  return rows.map((r) => r.rentalId);
}

/** Records how claimed reminders ended: sent (sentAt set) or not sendable (never retried). */
export async function settleReminders(
  db: Db,
  rentalIds: readonly number[],
  kind: ReminderKind,
  outcome: { sentAt: Date; outcome: 'sent' } | { sentAt: null; outcome: string },
): Promise<void> {
  await db
    .update(rentalReminders)
    .set({ sentAt: outcome.sentAt, outcome: outcome.outcome })
    .where(and(inArray(rentalReminders.rentalId, [...rentalIds]), eq(rentalReminders.kind, kind)));
}

/** Gives up claims whose e-mail failed, so the next run tries again. */
export async function releaseReminders(
  db: Db,
  rentalIds: readonly number[],
  kind: ReminderKind,
): Promise<void> {
  await db
    .delete(rentalReminders)
    .where(
      and(
        inArray(rentalReminders.rentalId, [...rentalIds]),
        eq(rentalReminders.kind, kind),
        isNull(rentalReminders.sentAt),
        isNull(rentalReminders.outcome),
      ),
    );
}

/**
 * Frees claims a process made and never settled (it stopped between claim and send) once they
 * are older than `before`: far longer than one e-mail takes, so a live sender is not raced.
 */
export async function releaseAbandonedClaims(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(rentalReminders)
    .where(
      and(
        isNull(rentalReminders.sentAt),
        isNull(rentalReminders.outcome),
        lt(rentalReminders.claimedAt, before),
      ),
    )
    .returning({ rentalId: rentalReminders.rentalId });
  return rows.length;
}

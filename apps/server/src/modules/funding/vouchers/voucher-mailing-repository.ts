import { sql } from 'drizzle-orm';
import type { VoucherMailing } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A claim not renewed for this long is of a run that died (the process stopped mid-run). */
export const VOUCHER_CLAIM_MINUTES = 10;

/**
 * The student of the allowance has an address to mail: any character that is not white space
 * (JavaScript's trim, which the sender applies, strips tabs and line breaks too).
 */
const HAS_EMAIL = sql`coalesce(st.email, '') ~ '[^[:space:]]'`;

/**
 * Claimed by a run that is still alive. Times are the database's own (`now()`), so processes
 * whose clocks differ agree on which claims are stale.
 */
const LIVE_CLAIM = sql`(fa.email_claim is not null
  and fa.email_claimed_at >= now() - ${sql.raw(`interval '${VOUCHER_CLAIM_MINUTES} minutes'`)})`;

/** Counts a source's vouchers by where they stand (the source's allowances, by index). */
export async function voucherMailingCounts(
  db: Db,
  locationId: number,
  sourceId: number,
): Promise<VoucherMailing> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
        count(*) filter (where fa.emailed_at is not null) as emailed,
        count(*) filter (where fa.emailed_at is null and not ${HAS_EMAIL}) as without_email,
        count(*) filter (where fa.emailed_at is null and ${HAS_EMAIL} and ${LIVE_CLAIM}) as sending,
        count(*) filter (where fa.emailed_at is null and ${HAS_EMAIL} and not ${LIVE_CLAIM})
          as unsent
      from funding_allowances fa join students st on st.id = fa.student_id
      where fa.source_id = ${sourceId} and fa.location_id = ${locationId}`,
  );
  return {
    unsent: Number(row?.unsent ?? 0),
    sending: Number(row?.sending ?? 0),
    withoutEmail: Number(row?.without_email ?? 0),
    emailed: Number(row?.emailed ?? 0),
  };
}

/**
 * Claims for run `claim` every voucher of the source not yet e-mailed, with an address, and
 * not claimed by a live run; answers their ids by student name. The rows are locked in id
 * order, as order charging and closing lock allowances (ADR 0019), so they never wait on each
 * other in a cycle; a run claiming at the same moment waits for these locks, then finds the
 * rows claimed and leaves them (the conditions are checked again on a row whose lock was
 * awaited).
 */
export async function claimUnsentVouchers(
  db: Db,
  locationId: number,
  sourceId: number,
  claim: string,
): Promise<number[]> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`with picked as (
        select fa.id from funding_allowances fa join students st on st.id = fa.student_id
        where fa.source_id = ${sourceId} and fa.location_id = ${locationId}
          and fa.emailed_at is null and ${HAS_EMAIL} and not ${LIVE_CLAIM}
        order by fa.id
        for no key update of fa
      ),
      claimed as (
        update funding_allowances fa set email_claim = ${claim}, email_claimed_at = now()
        from picked p
        where fa.id = p.id
        returning fa.id, fa.student_id
      )
      select c.id from claimed c join students st on st.id = c.student_id
      order by lower(st.last_name), lower(st.first_name), c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Just before a voucher is sent: renews the run's claim on it, and answers whether it is still
 * the run's to send (not e-mailed one by one meanwhile, not taken over by another run). A run
 * checks each voucher this way, so one that has outlived its claim sends nothing twice.
 */
export async function takeVoucherToSend(db: Db, claim: string, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update funding_allowances set email_claimed_at = now()
      where id = ${id} and email_claim = ${claim} and emailed_at is null
      returning id`,
  );
  return rows.length > 0;
}

/** Keeps every claim of the run alive (by the claim index), locking in id order. */
export async function renewRunClaims(db: Db, claim: string): Promise<void> {
  await db.execute(
    sql`with mine as (
        select id from funding_allowances where email_claim = ${claim}
        order by id for no key update
      )
      update funding_allowances fa set email_claimed_at = now() from mine where fa.id = mine.id`,
  );
}

/** The voucher went out: when, and the claim let go. */
export async function markClaimedVoucherSent(
  db: Db,
  claim: string,
  id: number,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`update funding_allowances
      set emailed_at = ${at.toISOString()}::timestamptz, email_claim = null, email_claimed_at = null
      where id = ${id} and email_claim = ${claim}`,
  );
}

/** Lets go of one voucher the mail server did not take: it stays unsent, for the next press. */
export async function releaseVoucherClaim(db: Db, claim: string, id: number): Promise<void> {
  await db.execute(
    sql`update funding_allowances set email_claim = null, email_claimed_at = null
      where id = ${id} and email_claim = ${claim}`,
  );
}

/** Lets go of every claim the run still holds (it ended or stopped), locking in id order. */
export async function releaseRunClaims(db: Db, claim: string): Promise<void> {
  await db.execute(
    sql`with mine as (
        select id from funding_allowances where email_claim = ${claim}
        order by id for no key update
      )
      update funding_allowances fa set email_claim = null, email_claimed_at = null
      from mine where fa.id = mine.id`,
  );
}

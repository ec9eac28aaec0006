import { sql, type SQL } from 'drizzle-orm';
import type { VoucherMailing } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';

/** A claim not renewed for this long is of a run that died (the process stopped mid-run). */
export const VOUCHER_CLAIM_MINUTES = 10;

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The student of the allowance has an address to mail. */
const HAS_EMAIL = sql`btrim(coalesce(st.email, '')) <> ''`;

/** Claimed by a run that is still alive (it renews its claims every batch). */
const liveClaim = (staleBefore: Date) =>
  sql`(fa.email_claim is not null and fa.email_claimed_at >= ${staleBefore.toISOString()}::timestamptz)`;

/** Counts a source's vouchers by where they stand (the source's allowances, by index). */
export async function voucherMailingCounts(
  db: Db,
  locationId: number,
  sourceId: number,
  staleBefore: Date,
): Promise<VoucherMailing> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
        count(*) filter (where fa.emailed_at is not null) as emailed,
        count(*) filter (where fa.emailed_at is null and not ${HAS_EMAIL}) as without_email,
        count(*) filter (where fa.emailed_at is null and ${HAS_EMAIL}
          and ${liveClaim(staleBefore)}) as sending,
        count(*) filter (where fa.emailed_at is null and ${HAS_EMAIL}
          and not ${liveClaim(staleBefore)}) as unsent
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
 * order, as order charging locks allowances (ADR 0019), so the two never wait on each other in
 * a cycle; a run claiming at the same moment waits for these locks, then finds the rows
 * claimed and leaves them (the conditions are checked again on a row whose lock was awaited).
 */
export async function claimUnsentVouchers(
  db: Db,
  locationId: number,
  sourceId: number,
  claim: string,
  now: Date,
  staleBefore: Date,
): Promise<number[]> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`with picked as (
        select fa.id from funding_allowances fa join students st on st.id = fa.student_id
        where fa.source_id = ${sourceId} and fa.location_id = ${locationId}
          and fa.emailed_at is null and ${HAS_EMAIL} and not ${liveClaim(staleBefore)}
        order by fa.id
        for no key update of fa
      ),
      claimed as (
        update funding_allowances fa
        set email_claim = ${claim}, email_claimed_at = ${now.toISOString()}::timestamptz
        from picked p
        where fa.id = p.id
        returning fa.id, fa.student_id
      )
      select c.id from claimed c join students st on st.id = c.student_id
      order by lower(st.last_name), lower(st.first_name), c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Keeps the run's claims on `ids` alive while it works through them. */
export async function renewVoucherClaims(
  db: Db,
  claim: string,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update funding_allowances set email_claimed_at = ${now.toISOString()}::timestamptz
      where email_claim = ${claim} and id in (${idList(ids)})`,
  );
}

/** Of `ids`, those still the run's to send (not sent meanwhile one by one, nor taken over). */
export async function stillClaimed(
  db: Db,
  claim: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`select id from funding_allowances
      where email_claim = ${claim} and emailed_at is null and id in (${idList(ids)})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
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

/** Lets go of the run's claims on `ids` (refused by the mail server, or the run stopped). */
export async function releaseVoucherClaims(
  db: Db,
  claim: string,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update funding_allowances set email_claim = null, email_claimed_at = null
      where email_claim = ${claim} and id in (${idList(ids)})`,
  );
}

import { sql } from 'drizzle-orm';
import { addDays } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { ReportPage } from './report-page.ts';

export interface NearExpiryRow {
  allowanceId: number;
  sourceId: number;
  sourceName: string;
  studentIdNum: string;
  studentName: string;
  email: string;
  voucherCode: string;
  balanceCents: number;
  chargeEndsOn: string;
  daysLeft: number;
}

export interface NearExpiryRowsPage {
  rows: NearExpiryRow[];
  recordCount: number;
  balanceCents: number;
}

/**
 * Allowances with a balance whose source's window is open today and ends within `withinDays`
 * days (0: today), soonest first, then by source and student name: one page of them, with the
 * count and the unspent total over every page. The balance is the one kept on each allowance
 * (migration 0019): the sources open in the window (funding_sources_location_idx), then their
 * allowances with money left (funding_allowances_unspent_idx); no ledger entry is read.
 */
export async function nearExpiryRows(
  db: Db,
  locationId: number,
  today: string,
  withinDays: number,
  page: ReportPage,
): Promise<NearExpiryRowsPage> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with unspent as materialized (
      select fa.id as allowance_id, s.id as source_id, s.name as source_name,
        fa.student_id, fa.voucher_code, fa.balance_cents as balance, s.charge_ends_on
      from funding_sources s
        join funding_allowances fa on fa.source_id = s.id and fa.balance_cents > 0
      where s.location_id = ${locationId}
        and s.charge_starts_on <= ${today}::date and s.charge_ends_on >= ${today}::date
        and s.charge_ends_on <= ${addDays(today, withinDays)}::date
    ),
    totals as (
      select count(*) as record_count, coalesce(sum(balance), 0) as total_balance from unspent
    ),
    page as (
      select u.*, st.student_id_num, st.first_name, st.last_name, st.email
      from unspent u join students st on st.id = u.student_id
      order by u.charge_ends_on, lower(u.source_name), u.source_id, lower(st.last_name),
        lower(st.first_name), u.allowance_id
      limit ${page.limit} offset ${page.offset}
    )
    select totals.*, p.allowance_id as "allowanceId", p.source_id as "sourceId",
      p.source_name as "sourceName", p.student_id_num as "studentIdNum",
      p.first_name as "firstName", p.last_name as "lastName", p.email,
      p.voucher_code as "voucherCode", p.balance, p.charge_ends_on::text as "chargeEndsOn",
      (p.charge_ends_on - ${today}::date) as "daysLeft"
    from totals left join page p on true
    order by p.charge_ends_on, lower(p.source_name), p.source_id, lower(p.last_name),
      lower(p.first_name), p.allowance_id`,
  );
  const first = rows[0];
  return {
    recordCount: Number(first?.record_count ?? 0),
    balanceCents: Number(first?.total_balance ?? 0),
    // A page past the end is the totals row alone.
    rows: rows
      .filter((r) => r.allowanceId !== null && r.allowanceId !== undefined)
      .map((r) => ({
        allowanceId: Number(r.allowanceId),
        sourceId: Number(r.sourceId),
        sourceName: String(r.sourceName),
        studentIdNum: String(r.studentIdNum),
        studentName: `${String(r.firstName)} ${String(r.lastName)}`,
        email: String(r.email ?? ''),
        voucherCode: String(r.voucherCode),
        balanceCents: Number(r.balance),
        chargeEndsOn: String(r.chargeEndsOn),
        daysLeft: Number(r.daysLeft),
      })),
  };
}

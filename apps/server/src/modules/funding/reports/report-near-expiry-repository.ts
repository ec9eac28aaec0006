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
 * (migration 0019), the student's name keys too (migration 0026): the sources open in the
 * window (funding_sources_location_idx) are few, each gives at most the page's end of its
 * allowances with money left in the student's order (funding_allowances_unspent_name_idx), and
 * only the page's rows are joined to their students. The totals are read from
 * funding_allowances_unspent_idx alone. No ledger entry is read, and nothing is sorted but the
 * page's candidates.
 */
export async function nearExpiryRows(
  db: Db,
  locationId: number,
  today: string,
  withinDays: number,
  page: ReportPage,
): Promise<NearExpiryRowsPage> {
  // A source gives at most the rows up to the page's end (every row for a workbook).
  const pageEnd = page.limit === null ? null : page.offset + page.limit;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with open_sources as materialized (
      select s.id, s.name, s.charge_ends_on from funding_sources s
      where s.location_id = ${locationId}
        and s.charge_starts_on <= ${today}::date and s.charge_ends_on >= ${today}::date
        and s.charge_ends_on <= ${addDays(today, withinDays)}::date
    ),
    totals as (
      select count(*) as record_count, coalesce(sum(fa.balance_cents), 0) as total_balance
      from open_sources s join funding_allowances fa on fa.source_id = s.id and fa.balance_cents > 0
    ),
    page as materialized (
      select s.id as source_id, s.name as source_name, s.charge_ends_on, a.*
      from open_sources s cross join lateral (
        select fa.id as allowance_id, fa.student_id, fa.voucher_code, fa.balance_cents as balance,
          fa.student_last_key, fa.student_first_key
        from funding_allowances fa
        where fa.source_id = s.id and fa.balance_cents > 0
        order by fa.student_last_key, fa.student_first_key, fa.id
        limit ${pageEnd}
      ) a
      order by s.charge_ends_on, lower(s.name), s.id, a.student_last_key, a.student_first_key,
        a.allowance_id
      limit ${page.limit} offset ${page.offset}
    )
    select totals.*, p.allowance_id as "allowanceId", p.source_id as "sourceId",
      p.source_name as "sourceName", st.student_id_num as "studentIdNum",
      st.first_name as "firstName", st.last_name as "lastName", st.email,
      p.voucher_code as "voucherCode", p.balance, p.charge_ends_on::text as "chargeEndsOn",
      (p.charge_ends_on - ${today}::date) as "daysLeft"
    from totals
      left join page p on true
      left join students st on st.id = p.student_id
    order by p.charge_ends_on, lower(p.source_name), p.source_id, p.student_last_key,
      p.student_first_key, p.allowance_id`,
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

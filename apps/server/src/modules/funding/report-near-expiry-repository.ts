import { sql } from 'drizzle-orm';
import { addDays } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';

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

/**
 * Allowances with a balance whose source's window is open today and ends within `withinDays`
 * days (0: today), soonest first, then by source and student name. The balance is each
 * allowance's sum of entries (funding_ledger_allowance_idx).
 */
export async function nearExpiryRows(
  db: Db,
  locationId: number,
  today: string,
  withinDays: number,
): Promise<NearExpiryRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select fa.id as "allowanceId", s.id as "sourceId", s.name as "sourceName",
        st.student_id_num as "studentIdNum", st.first_name as "firstName",
        st.last_name as "lastName", st.email, fa.voucher_code as "voucherCode",
        b.balance, s.charge_ends_on::text as "chargeEndsOn",
        (s.charge_ends_on - ${today}::date) as "daysLeft"
      from funding_sources s
        join funding_allowances fa on fa.source_id = s.id
        join students st on st.id = fa.student_id
        cross join lateral (
          select coalesce(sum(l.amount_cents), 0) as balance
          from funding_ledger l where l.allowance_id = fa.id
        ) b
      where s.location_id = ${locationId}
        and s.charge_starts_on <= ${today}::date and s.charge_ends_on >= ${today}::date
        and s.charge_ends_on <= ${addDays(today, withinDays)}::date
        and b.balance > 0
      order by s.charge_ends_on, lower(s.name), s.id, lower(st.last_name),
        lower(st.first_name), fa.id`,
  );
  return rows.map((r) => ({
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
  }));
}

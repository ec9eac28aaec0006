import { sql } from 'drizzle-orm';
import { shortTermName, type FundingKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

export interface SpendingRow {
  sourceId: number;
  sourceName: string;
  kind: FundingKind;
  termId: number | null;
  termName: string | null;
  divisionName: string | null;
  chargedCents: number;
  refundedCents: number;
  spentCents: number;
  orders: number;
  students: number;
}

/**
 * The store's charges and refunds by source and by the charged order's term: what was charged,
 * refunded and so spent, and how many orders and students were charged. By source name, then
 * term start. Driven by the store's sources (funding_sources_location_idx), each source's
 * charges and refunds an index-only scan of funding_ledger_source_spending_idx: other stores'
 * entries and other kinds are never read.
 */
export async function spendingRows(db: Db, locationId: number): Promise<SpendingRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.id as "sourceId", s.name as "sourceName", s.kind, x.term_id as "termId",
        tm.name as "termName", dv.name as "divisionName", x.charged, x.refunded, x.orders, x.students
      from funding_sources s
        cross join lateral (
          select l.term_id,
            coalesce(-sum(l.amount_cents) filter (where l.kind = 'CHARGE'), 0) as charged,
            coalesce(sum(l.amount_cents) filter (where l.kind = 'REFUND'), 0) as refunded,
            count(distinct l.order_id) filter (where l.kind = 'CHARGE') as orders,
            count(distinct l.student_id) filter (where l.kind = 'CHARGE') as students
          from funding_ledger l
          where l.source_id = s.id and l.kind in ('CHARGE', 'REFUND')
          group by l.term_id
        ) x
        left join terms tm on tm.id = x.term_id
        left join divisions dv on dv.id = tm.division_id
      where s.location_id = ${locationId}
      order by lower(s.name), s.id, tm.start_date nulls last, x.term_id`,
  );
  return rows.map((r) => {
    const charged = Number(r.charged);
    const refunded = Number(r.refunded);
    return {
      sourceId: Number(r.sourceId),
      sourceName: String(r.sourceName),
      kind: String(r.kind) as FundingKind,
      termId: r.termId === null ? null : Number(r.termId),
      termName: r.termName === null ? null : shortTermName(String(r.termName)),
      divisionName: r.divisionName === null ? null : String(r.divisionName),
      chargedCents: charged,
      refundedCents: refunded,
      spentCents: charged - refunded,
      orders: Number(r.orders),
      students: Number(r.students),
    };
  });
}

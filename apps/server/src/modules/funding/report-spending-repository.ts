import { sql } from 'drizzle-orm';
import { shortTermName, type FundingKind } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';

export interface SpendingRow {
  sourceId: number;
  sourceName: string;
  kind: FundingKind;
  termId: number | null;
  termName: string | null;
  chargedCents: number;
  refundedCents: number;
  spentCents: number;
  orders: number;
  students: number;
}

/**
 * The store's charges and refunds by source and by the charged order's term: what was charged,
 * refunded and so spent, and how many orders and students were charged. By source name, then
 * term start.
 */
export async function spendingRows(db: Db, locationId: number): Promise<SpendingRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.source_id as "sourceId", s.name as "sourceName", s.kind, l.term_id as "termId",
        tm.name as "termName",
        coalesce(-sum(l.amount_cents) filter (where l.kind = 'CHARGE'), 0) as charged,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'REFUND'), 0) as refunded,
        count(distinct l.order_id) filter (where l.kind = 'CHARGE') as orders,
        count(distinct l.student_id) filter (where l.kind = 'CHARGE') as students
      from funding_ledger l
        join funding_sources s on s.id = l.source_id
        left join terms tm on tm.id = l.term_id
      where l.location_id = ${locationId} and l.kind in ('CHARGE', 'REFUND')
      group by l.source_id, s.name, s.kind, l.term_id, tm.name, tm.start_date
      order by lower(s.name), l.source_id, tm.start_date nulls last, l.term_id`,
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
      chargedCents: charged,
      refundedCents: refunded,
      spentCents: charged - refunded,
      orders: Number(r.orders),
      students: Number(r.students),
    };
  });
}

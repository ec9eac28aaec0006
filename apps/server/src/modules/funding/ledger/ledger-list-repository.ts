import { sql } from 'drizzle-orm';
import { shortTermName, type LedgerEntry, type LedgerKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { studentSearchSql } from '../allowances/allowance-list-repository.ts';

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * One page of a source's ledger, newest first (funding_ledger_source_at_idx), searched by
 * student, with the student, the order's term and who wrote each entry; and the total.
 */
export async function ledgerPage(
  db: Db,
  locationId: number,
  sourceId: number,
  q: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ entries: LedgerEntry[]; recordCount: number }> {
  const searching = (q.search ?? '').trim() !== '';
  const where = sql`l.location_id = ${locationId} and l.source_id = ${sourceId}
    and ${studentSearchSql(q.search)}`;
  // The page's entries first, newest first from funding_ledger_source_at_idx (a search joins
  // the students it matches), then their students, terms and actors for those rows alone.
  const pageIds = searching
    ? sql`select l.id, l.at from funding_ledger l join students st on st.id = l.student_id
        where ${where} order by l.at desc, l.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`
    : sql`select l.id, l.at from funding_ledger l
        where l.location_id = ${locationId} and l.source_id = ${sourceId}
        order by l.at desc, l.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.at, l.kind, l.amount_cents as "amountCents", l.allowance_id as "allowanceId",
        st.student_id_num as "studentIdNum", st.first_name as "firstName",
        st.last_name as "lastName", l.order_id as "orderId", tm.name as "termName",
        ua.name as "actorName", l.note
      from (${pageIds}) p
        join funding_ledger l on l.id = p.id
        join students st on st.id = l.student_id
        left join terms tm on tm.id = l.term_id
        left join user_accounts ua on ua.id = l.actor_account_id
      order by p.at desc, p.id desc`,
  );
  // The total apart from the page: without a search, an index-only count of the source's
  // entries (the route found the source in the caller's store first).
  const [counted] = await queryRows<{ n: unknown }>(
    db,
    searching
      ? sql`select count(*) as n from funding_ledger l join students st on st.id = l.student_id
          where ${where}`
      : sql`select count(*) as n from funding_ledger l where l.source_id = ${sourceId}`,
  );
  const recordCount = Number(counted?.n ?? 0);
  return {
    entries: raw.map((r) => ({
      entryId: Number(r.id),
      at: iso(r.at),
      kind: String(r.kind) as LedgerKind,
      amountCents: Number(r.amountCents),
      allowanceId: Number(r.allowanceId),
      studentIdNum: String(r.studentIdNum),
      studentName: `${String(r.firstName)} ${String(r.lastName)}`,
      orderId: numOrNull(r.orderId),
      termName:
        r.termName === null || r.termName === undefined ? null : shortTermName(String(r.termName)),
      actorName: r.actorName === null || r.actorName === undefined ? null : String(r.actorName),
      note: String(r.note),
    })),
    recordCount,
  };
}

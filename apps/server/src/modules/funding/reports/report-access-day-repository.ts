import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { ReportPage } from './report-page.ts';

export interface AccessDayRow {
  customerId: number;
  studentIdNum: string;
  studentName: string;
  email: string;
  sourceNames: string[];
  balanceCents: number;
  requiredCount: number;
  notOrderedCount: number;
  orderedNotFulfilledCount: number;
  fulfilledCount: number;
  missing: string[];
}

/** node-postgres and PGlite answer text[] as arrays; a '{…}' literal is read too. */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '').replace(/^\{|\}$/g, '');
  return text === '' ? [] : text.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

/**
 * The aid allowances of a term: from a FINANCIAL_AID source of the store that lists the term,
 * or that lists no term (any term) and whose charge window overlaps the term's days (an
 * any-term aid source of years ago is not this term's aid). Driven by the store's sources
 * (funding_sources_location_idx), then each aid source's allowances
 * (funding_allowances_source_student_uq): never every allowance of the store.
 */
const aidAllowances = (locationId: number, termId: number) => sql`
  select fa.id, fa.student_id, src.name as source_name, fa.balance_cents, fa.student_last_key,
    fa.student_first_key
  from funding_sources src
    join terms tm on tm.id = ${termId} and tm.location_id = ${locationId}
    join funding_allowances fa on fa.source_id = src.id
  where src.location_id = ${locationId} and src.kind = 'FINANCIAL_AID'
    and (exists (select 1 from funding_source_terms x
                 where x.source_id = src.id and x.term_id = ${termId})
      or (not exists (select 1 from funding_source_terms x where x.source_id = src.id)
        and src.charge_starts_on <= tm.end_date and src.charge_ends_on >= tm.start_date))`;

/** How many students of the store have aid for the term. */
export async function countAidStudents(
  db: Db,
  locationId: number,
  termId: number,
): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(distinct a.student_id) as n from (${aidAllowances(locationId, termId)}) a`,
  );
  return Number(row?.n ?? 0);
}

export interface AccessDayTotals {
  balanceCents: number;
  requiredCount: number;
  notOrderedCount: number;
  orderedNotFulfilledCount: number;
  fulfilledCount: number;
}

export interface AccessDayRowsPage {
  rows: AccessDayRow[];
  recordCount: number;
  totals: AccessDayTotals;
}

/**
 * The day-7 access report for every aid student of the term in one statement. Each student's
 * figures are the ones kept per student and term (student_term_access, migration 0021,
 * ADR 0031): the titles required for the sections of the term they are enrolled in
 * (metric_section_requirements: the section's own adoptions not removed from it and the
 * course's auto adoptions, required, of a catalog title), each title once per student, and
 * what the student has of each: fulfilled (an order item fulfilled, in an order not
 * cancelled), pending, or nothing. Only the students with a title not fulfilled are listed, by
 * name (the name keys kept on their allowances, migration 0026); the totals and the count
 * cover every one. The students' names, their sources' names and the missing titles (the
 * costly text) are read for the page's students alone.
 */
export async function accessDayRows(
  db: Db,
  locationId: number,
  termId: number,
  page: ReportPage,
): Promise<AccessDayRowsPage> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with aid_allowances as materialized (${aidAllowances(locationId, termId)}),
    listed as materialized (
      select a.student_id, min(a.student_last_key) as last_key,
        min(a.student_first_key) as first_key, sum(a.balance_cents) as balance,
        k.required_count, k.not_ordered_count as not_ordered, k.pending_count as pending,
        k.fulfilled_count as fulfilled
      from aid_allowances a
        join student_term_access k on k.term_id = ${termId} and k.student_id = a.student_id
      where k.required_count > k.fulfilled_count
      group by a.student_id, k.required_count, k.not_ordered_count, k.pending_count,
        k.fulfilled_count
    ),
    totals as (
      select count(*) as record_count, coalesce(sum(balance), 0) as total_balance,
        coalesce(sum(required_count), 0) as total_required,
        coalesce(sum(not_ordered), 0) as total_not_ordered,
        coalesce(sum(pending), 0) as total_pending,
        coalesce(sum(fulfilled), 0) as total_fulfilled
      from listed
    ),
    page as materialized (
      select l.*, st.student_id_num, st.first_name, st.last_name, st.email
      from (select * from listed
            order by last_key, first_key, student_id
            limit ${page.limit} offset ${page.offset}) l
        join students st on st.id = l.student_id
    ),
    page_sources as (
      select a.student_id, array_agg(distinct a.source_name order by a.source_name) as source_names
      from aid_allowances a
      where a.student_id in (select student_id from page)
      group by a.student_id
    ),
    required as (
      select distinct on (e.student_id, t.title_id) e.student_id, t.title_id, e.section_id
      from page p
        join enrollments e on e.student_id = p.student_id
        join metric_section_requirements q on q.section_id = e.section_id and q.term_id = ${termId}
        cross join lateral unnest(q.title_ids) as t(title_id)
      order by e.student_id, t.title_id, e.section_id
    ),
    page_missing as (
      select r.student_id,
        array_agg(t.ean13 || ' ' || t.description || ' (' || dp.code || ' ' || c.code || '-' || s.code || ')'
          order by dp.code, c.code, s.code, t.description) as missing
      from required r
        join titles t on t.id = r.title_id
        join sections s on s.id = r.section_id
        join courses c on c.id = s.course_id
        join departments dp on dp.id = c.department_id
      where not exists (select 1 from order_items oi join orders o on o.id = oi.order_id
                        where o.student_id = r.student_id and o.status <> 'CANCELLED'
                          and oi.title_id = r.title_id and oi.status = 'FULFILLED')
      group by r.student_id
    )
    select totals.*, p.student_id as "customerId", p.student_id_num as "studentIdNum",
      p.first_name as "firstName", p.last_name as "lastName", p.email,
      ps.source_names as "sourceNames", p.balance, p.required_count as "requiredCount",
      p.not_ordered as "notOrdered", p.pending, p.fulfilled, pm.missing
    from totals
      left join page p on true
      left join page_sources ps on ps.student_id = p.student_id
      left join page_missing pm on pm.student_id = p.student_id
    order by p.last_key, p.first_key, p.student_id`,
  );
  return accessDayPage(rows);
}

/** The statement's rows as the page: the totals ride on every row (on the only one past the end). */
function accessDayPage(rows: Record<string, unknown>[]): AccessDayRowsPage {
  const first = rows[0];
  return {
    recordCount: Number(first?.record_count ?? 0),
    totals: {
      balanceCents: Number(first?.total_balance ?? 0),
      requiredCount: Number(first?.total_required ?? 0),
      notOrderedCount: Number(first?.total_not_ordered ?? 0),
      orderedNotFulfilledCount: Number(first?.total_pending ?? 0),
      fulfilledCount: Number(first?.total_fulfilled ?? 0),
    },
    // A page past the end is the totals row alone, with no student on it.
    rows: rows
      .filter((r) => r.customerId !== null && r.customerId !== undefined)
      .map((r) => ({
        customerId: Number(r.customerId),
        studentIdNum: String(r.studentIdNum),
        studentName: `${String(r.firstName)} ${String(r.lastName)}`,
        email: String(r.email ?? ''),
        sourceNames: textArray(r.sourceNames),
        balanceCents: Number(r.balance),
        requiredCount: Number(r.requiredCount),
        notOrderedCount: Number(r.notOrdered),
        orderedNotFulfilledCount: Number(r.pending),
        fulfilledCount: Number(r.fulfilled),
        missing: textArray(r.missing),
      })),
  };
}

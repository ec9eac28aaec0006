import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';

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
  select fa.id, fa.student_id, src.name as source_name
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

/**
 * The day-7 access report's rows, for every aid student of the term in one statement: the
 * titles required (adoptions with required = true, of a catalog title) for the sections of the
 * term they are enrolled in, as the students module's required materials cover a section (the
 * section's own adoptions not removed from it, and the course's auto adoptions), each title once
 * per student; and for each, what the student has: FULFILLED (an order item fulfilled, in an
 * order not cancelled), PENDING (an item pending in an order not cancelled), or nothing. Only
 * the students with a title not fulfilled are answered, by name.
 */
export async function accessDayRows(
  db: Db,
  locationId: number,
  termId: number,
): Promise<AccessDayRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with aid_allowances as (${aidAllowances(locationId, termId)}),
    aid as (
      select a.student_id,
        array_agg(distinct a.source_name order by a.source_name) as source_names,
        sum(b.balance) as balance
      from aid_allowances a
        cross join lateral (
          select coalesce(sum(l.amount_cents), 0) as balance
          from funding_ledger l where l.allowance_id = a.id
        ) b
      group by a.student_id
    ),
    my_sections as (
      select e.student_id, s.id as section_id, s.course_id
      from aid
        join enrollments e on e.student_id = aid.student_id and e.location_id = ${locationId}
        join sections s on s.id = e.section_id
      where s.term_id = ${termId} and s.location_id = ${locationId}
    ),
    covering as (
      select ms.student_id, ms.section_id, am.title_id
      from my_sections ms
        join adoption_material_sections ams on ams.section_id = ms.section_id and not ams.removed
        join adoption_materials am on am.id = ams.adoption_material_id and am.active
      where am.required and am.title_id is not null and not am.no_text_required
      union
      select ms.student_id, ms.section_id, am.title_id
      from my_sections ms
        join adoption_materials am on am.course_id = ms.course_id
          and am.adoption_type = 'AUTO_ADOPTION' and am.active and am.location_id = ${locationId}
      where am.required and am.title_id is not null and not am.no_text_required
    ),
    required as (
      select distinct on (cv.student_id, cv.title_id) cv.student_id, cv.title_id, cv.section_id
      from covering cv
      order by cv.student_id, cv.title_id, cv.section_id
    ),
    held as (
      select r.*,
        case
          when exists (select 1 from order_items oi join orders o on o.id = oi.order_id
                       where o.student_id = r.student_id and o.status <> 'CANCELLED'
                         and oi.title_id = r.title_id and oi.status = 'FULFILLED')
            then 'FULFILLED'
          when exists (select 1 from order_items oi join orders o on o.id = oi.order_id
                       where o.student_id = r.student_id and o.status <> 'CANCELLED'
                         and oi.title_id = r.title_id and oi.status = 'PENDING')
            then 'PENDING'
          else 'NONE'
        end as state
      from required r
    )
    select st.id as "customerId", st.student_id_num as "studentIdNum",
      st.first_name as "firstName", st.last_name as "lastName", st.email,
      aid.source_names as "sourceNames", aid.balance,
      count(*) as "requiredCount",
      count(*) filter (where h.state = 'NONE') as "notOrdered",
      count(*) filter (where h.state = 'PENDING') as "pending",
      count(*) filter (where h.state = 'FULFILLED') as "fulfilled",
      array_agg(t.ean13 || ' ' || t.description || ' (' || dp.code || ' ' || c.code || '-' || s.code || ')'
        order by dp.code, c.code, s.code, t.description) filter (where h.state <> 'FULFILLED')
        as missing
    from aid
      join students st on st.id = aid.student_id
      join held h on h.student_id = aid.student_id
      join titles t on t.id = h.title_id
      join sections s on s.id = h.section_id
      join courses c on c.id = s.course_id
      join departments dp on dp.id = c.department_id
    group by st.id, st.student_id_num, st.first_name, st.last_name, st.email,
      aid.source_names, aid.balance
    having count(*) filter (where h.state <> 'FULFILLED') > 0
    order by lower(st.last_name), lower(st.first_name), st.id`,
  );
  return rows.map((r) => ({
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
  }));
}

import { sql, type SQL } from 'drizzle-orm';
import { shortTermName, type TermDeadline } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { coveringAdoptionsSql } from '../../adoption/index.ts';

interface TermDeadlineRow {
  term_id: number;
  term_name: string;
  start_date: string;
  end_date: string;
  division_id: number;
  division_name: string;
  deadline: string | null;
  sections: number;
  on_time: number;
  late: number;
  missing: number;
  open: number;
}

/**
 * Terms of the store with their deadlines and their sections' standing, the one place the
 * rule of DEADLINE_STATUSES (packages/contracts/src/campaigns/adoption-deadlines.ts) is
 * applied. A section is adopted from its earliest adoption that still covers it (the adoption
 * module's coverage rule), a no-text-required one included; "the deadline day" ends at
 * midnight UTC, the server's one today (lib/iso-day.ts).
 */
function termDeadlinesSql(locationId: number, today: string, terms: SQL): SQL {
  return sql`with chosen_terms as (${terms}),
    term_sections as (
      select s.id, s.course_id, s.term_id from sections s
      join chosen_terms ct on ct.id = s.term_id
    ),
    cover as (${coveringAdoptionsSql(locationId, 'term_sections')}),
    adopted as (
      select c.section_id, min(am.created_at) as first_at
      from cover c join adoption_materials am on am.id = c.adoption_material_id
      group by c.section_id
    ),
    standing as (
      select ts.term_id,
        case
          when a.first_at is null and ct.deadline is not null and ct.deadline < ${today}::date then 'MISSING'
          when a.first_at is null then 'OPEN'
          when ct.deadline is null
            or a.first_at < ((ct.deadline + 1)::timestamp at time zone 'UTC') then 'ON_TIME'
          else 'LATE'
        end as status
      from term_sections ts
      join chosen_terms ct on ct.id = ts.term_id
      left join adopted a on a.section_id = ts.id
    )
    select ct.id as term_id, ct.name as term_name, ct.start_date::text, ct.end_date::text,
      ct.division_id, ct.division_name, ct.deadline::text as deadline,
      count(st.status)::int as sections,
      (count(*) filter (where st.status = 'ON_TIME'))::int as on_time,
      (count(*) filter (where st.status = 'LATE'))::int as late,
      (count(*) filter (where st.status = 'MISSING'))::int as missing,
      (count(*) filter (where st.status = 'OPEN'))::int as open
    from chosen_terms ct
    left join standing st on st.term_id = ct.id
    group by ct.id, ct.name, ct.start_date, ct.end_date, ct.division_id, ct.division_name, ct.deadline
    order by ct.division_name, ct.start_date, ct.name, ct.id`;
}

function toTermDeadline(row: TermDeadlineRow): TermDeadline {
  return {
    termId: Number(row.term_id),
    termName: shortTermName(row.term_name),
    startDate: row.start_date,
    endDate: row.end_date,
    divisionId: Number(row.division_id),
    divisionName: row.division_name,
    deadline: row.deadline,
    sections: Number(row.sections),
    onTime: Number(row.on_time),
    late: Number(row.late),
    missing: Number(row.missing),
    open: Number(row.open),
  };
}

/** The store's terms not ended by `today` whose division `divisionInReach` (over `dv.id`) allows. */
export async function listTermDeadlines(
  db: Db,
  locationId: number,
  today: string,
  divisionInReach: SQL,
): Promise<TermDeadline[]> {
  const terms = sql`select t.id, t.name, t.start_date, t.end_date, t.adoption_deadline as deadline,
      t.division_id, dv.name as division_name
    from terms t join divisions dv on dv.id = t.division_id
    where t.location_id = ${locationId} and t.end_date >= ${today}::date and ${divisionInReach}`;
  const rows = await queryRows<TermDeadlineRow>(db, termDeadlinesSql(locationId, today, terms));
  return rows.map(toTermDeadline);
}

/** One term of the store as the list shows it (ended or not), or null: none of the store's. */
export async function termDeadline(
  db: Db,
  locationId: number,
  today: string,
  termId: number,
): Promise<TermDeadline | null> {
  const terms = sql`select t.id, t.name, t.start_date, t.end_date, t.adoption_deadline as deadline,
      t.division_id, dv.name as division_name
    from terms t join divisions dv on dv.id = t.division_id
    where t.location_id = ${locationId} and t.id = ${termId}`;
  const [row] = await queryRows<TermDeadlineRow>(db, termDeadlinesSql(locationId, today, terms));
  return row ? toTermDeadline(row) : null;
}

/** The term's division and last day, when it is the store's and `divisionInReach` allows it. */
export async function reachableTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
): Promise<{ endDate: string } | null> {
  const [row] = await queryRows<{ end_date: string }>(
    db,
    sql`select t.end_date::text from terms t join divisions dv on dv.id = t.division_id
      where t.location_id = ${locationId} and t.id = ${termId} and ${divisionInReach}`,
  );
  return row ? { endDate: row.end_date } : null;
}

export async function saveTermDeadline(
  db: Db,
  termId: number,
  deadline: string | null,
): Promise<void> {
  await db.execute(
    sql`update terms set adoption_deadline = ${deadline}::date where id = ${termId}`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import { shortTermName, type TermDeadline } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { deadlineStatusSql } from './deadline-status-sql.ts';

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
 * Terms of the store with their deadlines and their sections' standing, counted by the one
 * rule (deadline-status-sql.ts) over each section's kept first adoption.
 */
function termDeadlinesSql(today: string, terms: SQL): SQL {
  return sql`with chosen_terms as (${terms}),
    standing as (
      select s.term_id, ${deadlineStatusSql('s', 'ct', today)} as status
      from sections s join chosen_terms ct on ct.id = s.term_id
    )
    select ct.id as term_id, ct.name as term_name, ct.start_date::text, ct.end_date::text,
      ct.division_id, ct.division_name, ct.adoption_deadline::text as deadline,
      count(st.status)::int as sections,
      (count(*) filter (where st.status = 'ON_TIME'))::int as on_time,
      (count(*) filter (where st.status = 'LATE'))::int as late,
      (count(*) filter (where st.status = 'MISSING'))::int as missing,
      (count(*) filter (where st.status = 'OPEN'))::int as open
    from chosen_terms ct
    left join standing st on st.term_id = ct.id
    group by ct.id, ct.name, ct.start_date, ct.end_date, ct.division_id, ct.division_name,
      ct.adoption_deadline
    order by ct.division_name, ct.start_date, ct.name, ct.id`;
}

/** The store's terms that `where` (over a term `t` of a division `dv`) keeps, as the rule reads them. */
function storeTerms(locationId: number, where: SQL): SQL {
  return sql`select t.id, t.name, t.start_date, t.end_date, t.adoption_deadline,
      t.division_id, dv.name as division_name
    from terms t join divisions dv on dv.id = t.division_id
    where t.location_id = ${locationId} and ${where}`;
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
  const terms = storeTerms(locationId, sql`t.end_date >= ${today}::date and ${divisionInReach}`);
  const rows = await queryRows<TermDeadlineRow>(db, termDeadlinesSql(today, terms));
  return rows.map(toTermDeadline);
}

/** One term of the store as the list shows it (ended or not), or null: none of the store's. */
export async function termDeadline(
  db: Db,
  locationId: number,
  today: string,
  termId: number,
): Promise<TermDeadline | null> {
  const terms = storeTerms(locationId, sql`t.id = ${termId}`);
  const [row] = await queryRows<TermDeadlineRow>(db, termDeadlinesSql(today, terms));
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

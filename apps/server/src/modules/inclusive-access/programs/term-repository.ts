import { sql, type SQL } from 'drizzle-orm';
import { shortTermName, type IaTerm } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { iaParticipatingSql } from '../participation-sql.ts';
import type { IaReach } from './program-access.ts';

interface TermRow {
  term_id: number;
  term_name: string;
  start_date: string;
  end_date: string;
  division_id: number;
  division_name: string;
  deadline: string | null;
  refund_until: string | null;
  may_edit: boolean;
  has_charge_file: boolean;
  sections: number;
  enrolled: number;
  inside: number;
}

/** A percentage to one decimal; null when there is nobody to count. */
export const rateOf = (part: number, of: number) =>
  of === 0 ? null : Math.round((part * 1000) / of) / 10;

/** Enrolled participants, in and out, and the rate out, from the enrolled and in counts. */
export function figures(enrolled: number, inside: number) {
  const out = enrolled - inside;
  return {
    enrolled,
    participantsIn: inside,
    participantsOut: out,
    optOutRate: rateOf(out, enrolled),
  };
}

/**
 * The term's charges are fixed: a charge file, or lines allowances paid (a run whose lines were
 * all funded makes no file). From then on its opt-out deadline is final.
 */
function termHasCharges(termId: SQL): SQL {
  return sql`(exists (select 1 from ia_charge_files f where f.term_id = ${termId})
    or exists (select 1 from ia_charge_lines l
      join ia_participants p on p.id = l.participant_id
      join ia_programs pr on pr.id = p.program_id
      where pr.term_id = ${termId}))`;
}

/**
 * The terms `where` keeps (over a term `t` of a division `dv`) with their dates and the figures
 * of their programs inside the caller's sections, in one statement. `firstOfDivision` keeps
 * each division's earliest term only (the dashboard's "this term").
 */
function termsSql(locationId: number, reach: IaReach, where: SQL, firstOfDivision = false): SQL {
  const participating = iaParticipatingSql('p', 'pr');
  return sql`select * from (
    select t.id as term_id, t.name as term_name, t.start_date::text, t.end_date::text,
      t.division_id, dv.name as division_name,
      t.ia_opt_out_deadline::text as deadline, t.ia_refund_until::text as refund_until,
      ${reach.divisions} as may_edit,
      ${termHasCharges(sql`t.id`)} as has_charge_file,
      coalesce(fig.sections, 0)::int as sections, coalesce(fig.enrolled, 0)::int as enrolled,
      coalesce(fig.inside, 0)::int as inside,
      row_number() over (partition by t.division_id order by t.start_date, t.id) as rank
    from terms t join divisions dv on dv.id = t.division_id
      left join lateral (
        select count(distinct pr.id) as sections,
          count(p.id) filter (where p.enrolled) as enrolled,
          count(p.id) filter (where p.enrolled and ${participating}) as inside
        from ia_programs pr
          join sections s on s.id = pr.section_id
          join courses c on c.id = s.course_id
          left join ia_participants p on p.program_id = pr.id
        where pr.term_id = t.id and ${reach.sections}
      ) fig on true
    where t.location_id = ${locationId} and ${where}
  ) x
  where ${firstOfDivision ? sql`x.rank = 1` : sql`true`}
  order by x.division_name, x.start_date, x.term_name, x.term_id`;
}

/** A term the caller reaches: its division, or a section of it, is theirs. */
function termInReach(reach: IaReach): SQL {
  return sql`(${reach.divisions} or exists (
    select 1 from sections s join courses c on c.id = s.course_id
    where s.term_id = t.id and ${reach.sections}))`;
}

function toTerm(row: TermRow, today: string): IaTerm {
  return {
    termId: Number(row.term_id),
    termName: shortTermName(row.term_name),
    startDate: row.start_date,
    endDate: row.end_date,
    divisionId: Number(row.division_id),
    divisionName: row.division_name,
    optOutDeadline: row.deadline,
    refundUntil: row.refund_until,
    deadlinePassed: row.deadline !== null && row.deadline < today,
    mayEditDates: row.may_edit,
    hasChargeFile: row.has_charge_file,
    sections: Number(row.sections),
    ...figures(Number(row.enrolled), Number(row.inside)),
  };
}

/** The store's terms not ended by `today` that the caller reaches. */
export async function listIaTerms(
  db: Db,
  locationId: number,
  reach: IaReach,
  today: string,
  firstOfDivision = false,
): Promise<IaTerm[]> {
  const where = sql`t.end_date >= ${today}::date and ${termInReach(reach)}`;
  const rows = await queryRows<TermRow>(db, termsSql(locationId, reach, where, firstOfDivision));
  return rows.map((row) => toTerm(row, today));
}

/**
 * One term of the store that the caller reaches (by its division or a section of it), ended
 * or not, or null. `byDivision`: only through the whole division (the dates).
 */
export async function findIaTerm(
  db: Db,
  locationId: number,
  reach: IaReach,
  today: string,
  termId: number,
  byDivision = false,
): Promise<IaTerm | null> {
  const inReach = byDivision ? reach.divisions : termInReach(reach);
  const where = sql`t.id = ${termId} and ${inReach}`;
  const [row] = await queryRows<TermRow>(db, termsSql(locationId, reach, where));
  return row ? toTerm(row, today) : null;
}

export interface TermDates {
  optOutDeadline: string | null;
  refundUntil: string | null;
}

/** Locks the term (two saves run in turn) and answers its dates and whether it has charges. */
export async function lockTermDates(
  db: Db,
  termId: number,
): Promise<(TermDates & { endDate: string; hasCharges: boolean }) | null> {
  const [row] = await queryRows<{
    deadline: string | null;
    refund_until: string | null;
    end_date: string;
  }>(
    db,
    sql`select ia_opt_out_deadline::text as deadline, ia_refund_until::text as refund_until,
      end_date::text from terms where id = ${termId} for update`,
  );
  if (!row) return null;
  // A second statement: it sees a charge run committed while this one waited for the lock.
  const [charges] = await queryRows<{ found: boolean }>(
    db,
    sql`select ${termHasCharges(sql`${termId}`)} as found`,
  );
  return {
    optOutDeadline: row.deadline,
    refundUntil: row.refund_until,
    endDate: row.end_date,
    hasCharges: charges?.found ?? false,
  };
}

export async function saveTermDates(db: Db, termId: number, dates: TermDates): Promise<void> {
  await db.execute(
    sql`update terms set ia_opt_out_deadline = ${dates.optOutDeadline}::date,
      ia_refund_until = ${dates.refundUntil}::date where id = ${termId}`,
  );
}

/** An inclusive-access change in the store's audit log (who, when, before and after). */
export async function auditIaChange(
  db: Db,
  entry: {
    locationId: number;
    actorAccountId: number;
    event: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, subjectAccountId: null });
}

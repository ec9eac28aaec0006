import { sql, type SQL } from 'drizzle-orm';
import { STUDENT_SEARCH_MAX_RESULTS } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** The students the caller may look up, as a condition on a student id column. */
export type VisibleStudents = (studentId: SQL) => Promise<SQL>;

/** How a search string is matched: a student ID (whole or its start), or name words. */
export type StudentMatch = { kind: 'id'; id: string } | { kind: 'words'; words: string[] };

/** Ranks, best first (spec: exact ID, ID prefix, exact full name, last name, first name). */
export const RANK = { exactId: 1, idPrefix: 2, fullName: 3, lastName: 4, firstName: 5 } as const;

export interface StudentSearchRow {
  id: number;
  studentIdNum: string;
  firstName: string;
  lastName: string;
  email: string;
  outstandingRentals: number;
}

/** The value starts with `text`: a LIKE pattern with LIKE's own characters taken literally. */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MAX = STUDENT_SEARCH_MAX_RESULTS;
const rankSql = (name: keyof typeof RANK) => sql.raw(String(RANK[name]));
const COLUMNS = sql.raw('s.id, s.student_id_num, s.first_name, s.last_name, s.email');

/**
 * One arm of the search: the store's students whose `indexed` expression starts with
 * `pattern` and that pass `filter`, read in that index's order (`using ~<~` is the order of
 * the text_pattern_ops indexes students_idnum_prefix_idx, students_last_name_idx,
 * students_first_name_idx) and at most MAX of them, so an arm reads at most MAX index entries
 * past its filter however many students match: no sort of every match, no sequential scan.
 * `visible` (the caller's scope, `true` store-wide) is part of the filter, so the ranks, the
 * pages and the count are of the students the caller may look up only.
 */
function armSql(locationId: number, indexed: SQL, pattern: string, filter: SQL, visible: SQL): SQL {
  return sql`(select ${COLUMNS} from students s
    where s.location_id = ${locationId} and ${indexed} like ${pattern} and ${filter}
      and ${visible}
    order by ${indexed} using ~<~ limit ${MAX})`;
}

const lastName = sql.raw('lower(s.last_name)');
const firstName = sql.raw('lower(s.first_name)');

/** Every word is the start of the first or the last name. */
function everyWordSql(words: readonly string[]): SQL {
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map(
      (w) => sql`(${lastName} like ${startsWith(w)} or ${firstName} like ${startsWith(w)})`,
    ),
    sql` and `,
  );
}

/**
 * The candidates as the `hits` common table expression (at most 2 x MAX, each student once) and
 * the expression that ranks them (h: a candidate).
 */
function hitsAndRank(
  locationId: number,
  match: StudentMatch,
  visible: SQL,
): { hits: SQL; rank: SQL } {
  if (match.kind === 'id') {
    const arm = armSql(
      locationId,
      sql.raw('s.student_id_num'),
      startsWith(match.id),
      sql`true`,
      visible,
    );
    return {
      hits: sql`hits as materialized (${arm})`,
      rank: sql`case when h.student_id_num = ${match.id} then ${rankSql('exactId')}
        else ${rankSql('idPrefix')} end`,
    };
  }
  // The longest word picks the candidates (the fewest index entries); the others filter them.
  const words = match.words;
  const driverAt = words.reduce(
    (best, w, i) => (w.length > (words[best]?.length ?? 0) ? i : best),
    0,
  );
  const driver = words[driverAt] ?? '';
  // The arm's own condition is the driver's; repeating it would only skew the row estimate.
  const filter = everyWordSql(words.filter((_, i) => i !== driverAt));
  const typed = words.join(' ');
  // "First Last" or "Last, First" (the comma is gone by now), the whole name as typed.
  const fullName =
    words.length > 1
      ? sql`(lower(h.first_name || ' ' || h.last_name) = ${typed}
        or lower(h.last_name || ' ' || h.first_name) = ${typed})`
      : sql`false`;
  const patterns = sql.join(
    words.map((w) => sql`${startsWith(w)}::text`),
    sql`, `,
  );
  // One word: every last-name hit ranks above every first-name hit, so when the last-name arm
  // alone fills the results the first-name arm is never read (its one-time filter is false).
  const firstNeeded =
    words.length === 1 ? sql`(select count(*) from last_arm) < ${MAX}` : sql`true`;
  return {
    hits: sql`last_arm as materialized (
        ${armSql(locationId, lastName, startsWith(driver), filter, visible)}
      ),
      first_arm as (
        select f.* from ${armSql(locationId, firstName, startsWith(driver), filter, visible)} f
        where ${firstNeeded} and not exists (select 1 from last_arm l where l.id = f.id)
      ),
      hits as materialized (select * from last_arm union all select * from first_arm)`,
    rank: sql`case
      when ${fullName} then ${rankSql('fullName')}
      when lower(h.last_name) like any (array[${patterns}]) then ${rankSql('lastName')}
      else ${rankSql('firstName')} end`,
  };
}

const ORDER = sql.raw(`rank, lower(last_name) collate "C", lower(first_name) collate "C", id`);

/**
 * One page of the store's students matching `match` that the caller may look up (`visibleTo`),
 * best first, ties by last name, first name and id, with the number of results (at most MAX,
 * the ranked ones). Outstanding rentals (not
 * yet on their way back: no tracking number) are counted for the page's students only, on
 * rentals_student_state_idx. A page past the last answers no rows and still the count.
 */
export async function searchStudentRows(
  db: Db,
  locationId: number,
  match: StudentMatch,
  visibleTo: VisibleStudents,
  page: { offset: number; limit: number },
): Promise<{ rows: StudentSearchRow[]; total: number }> {
  const { hits, rank } = hitsAndRank(locationId, match, await visibleTo(sql.raw('s.id')));
  // The results are the best MAX of the hits: the page is cut from them in one top-N sort (no
  // sort of every hit), and the total is the hits' count up to MAX.
  const shown = Math.max(0, Math.min(page.limit, MAX - page.offset));
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${hits},
    page as materialized (
      select h.*, ${rank} as rank from hits h
      order by ${ORDER} offset ${page.offset} limit ${shown}
    )
    select c.total, p.id, p.student_id_num as "studentIdNum", p.first_name as "firstName",
      p.last_name as "lastName", p.email,
      (select count(*) from rentals r
        where r.student_id = p.id and r.state = 'OUTSTANDING' and r.tracking_number is null
      ) as "outstandingRentals"
    from (select least(count(*), ${MAX}) as total from hits) c
      left join page p on true
    order by p.rank, lower(p.last_name) collate "C", lower(p.first_name) collate "C", p.id`,
  );
  const total = Number(raw[0]?.total ?? 0);
  const rows = raw
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => ({
      id: Number(r.id),
      studentIdNum: String(r.studentIdNum),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      outstandingRentals: Number(r.outstandingRentals),
    }));
  return { rows, total };
}

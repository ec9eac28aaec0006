import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { classify, recordset, type Classified } from './recordset-repository.ts';

/** A professor of an import: found by last and first name ignoring case, within the store. */
export interface ProfessorWrite {
  i: number;
  last: string;
  first: string;
  /** Null: not given (a stored address is kept). */
  email: string | null;
}

const COLUMNS = 'i int, last text, first text, email text';

/** The store's professors named x.last, x.first (ignoring case). */
const sameName = (locationId: number, alias: string) => {
  const p = sql.raw(alias);
  return sql`${p}.location_id = ${locationId} and lower(${p}.last_name) = lower(x.last)
    and lower(${p}.first_name) = lower(x.first)`;
};

/**
 * A lateral join `alias` to the store's professor named x.last, x.first: none when the store
 * has no professor of that name, or several (an import never guesses which one; pass 1 rejects
 * such rows, see ambiguousProfessors). The index professors(location_id, lower(last_name),
 * lower(first_name)) answers it for each record.
 */
export function professorNamed(locationId: number, alias: string): SQL {
  return sql`lateral (select min(p.id) as id, min(p.email) as email from professors p
    where ${sameName(locationId, 'p')} having count(*) = 1) ${sql.raw(alias)}`;
}

/** A name as `personKey` spells it: last and first name, lower case, tab between. */
export const nameKey = (last: string, first: string) =>
  `${last.toLowerCase()}\t${first.toLowerCase()}`;

/** Of the names given, those that more than one professor of the store has (as nameKey). */
export async function ambiguousProfessors(
  db: Db,
  locationId: number,
  names: readonly { last: string; first: string }[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await queryRows<{ last: string; first: string }>(
    db,
    sql`select x.last, x.first from ${recordset(names, 'last text, first text')}
      where (select count(*) from professors p where ${sameName(locationId, 'p')}) > 1`,
  );
  return new Set(rows.map((r) => nameKey(r.last, r.first)));
}

export function classifyProfessors(
  db: Db,
  locationId: number,
  rows: readonly ProfessorWrite[],
): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, p.id is not null as exists,
        p.id is not null and x.email is not null and p.email is distinct from x.email as differs
      from ${recordset(rows, COLUMNS)} left join ${professorNamed(locationId, 'p')} on true`,
  );
}

/** Creates the professors not in the store and writes e-mail addresses that changed. */
export async function writeProfessors(
  db: Db,
  locationId: number,
  rows: readonly ProfessorWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into professors (location_id, first_name, last_name, email)
      select ${locationId}, x.first, x.last, x.email
      from ${recordset(rows, COLUMNS)}
      where not exists (select 1 from professors m where ${sameName(locationId, 'm')})`,
  );
  if (!rows.some((r) => r.email !== null)) return;
  await db.execute(
    sql`update professors p set email = x.email
      from ${recordset(rows, COLUMNS)} cross join ${professorNamed(locationId, 'm')}
      where p.id = m.id and x.email is not null and p.email is distinct from x.email`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/**
 * A lateral join `alias` to the store's professor named by x.last and x.first (the oldest, if
 * the store has several): the index professors(location_id, lower(last_name),
 * lower(first_name)) answers it for each record.
 */
export function professorNamed(locationId: number, alias: string): SQL {
  return sql`lateral (select p.id, p.email from professors p where p.location_id = ${locationId}
    and lower(p.last_name) = lower(x.last) and lower(p.first_name) = lower(x.first)
    order by p.id limit 1) ${sql.raw(alias)}`;
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
      from ${recordset(rows, COLUMNS)} left join ${professorNamed(locationId, 'm')} on true
      where m.id is null`,
  );
  if (!rows.some((r) => r.email !== null)) return;
  await db.execute(
    sql`update professors p set email = x.email
      from ${recordset(rows, COLUMNS)} cross join ${professorNamed(locationId, 'm')}
      where p.id = m.id and x.email is not null and p.email is distinct from x.email`,
  );
}

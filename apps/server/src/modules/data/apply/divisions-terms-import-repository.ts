import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { recordset } from './recordset-repository.ts';

export interface DivisionWrite {
  name: string;
  /** Null: not given (a stored university name stays). */
  university: string | null;
}
const DIVISION = 'name text, university text';

/**
 * Creates the divisions not in the store (by name), writes university names that changed, and
 * answers the id of each.
 */
export async function writeDivisions(
  db: Db,
  locationId: number,
  rows: readonly DivisionWrite[],
): Promise<{ name: string; id: number }[]> {
  if (rows.length === 0) return [];
  await db.execute(
    sql`insert into divisions (location_id, name, university_name)
      select ${locationId}, x.name, coalesce(x.university, '') from ${recordset(rows, DIVISION)}
      on conflict (location_id, name) do nothing`,
  );
  await db.execute(
    sql`update divisions d set university_name = x.university from ${recordset(rows, DIVISION)}
      where d.location_id = ${locationId} and d.name = x.name
        and x.university is not null and d.university_name is distinct from x.university`,
  );
  const found = await queryRows<{ name: string; id: number }>(
    db,
    sql`select d.name, d.id from ${recordset(rows, DIVISION)}
      join divisions d on d.location_id = ${locationId} and d.name = x.name`,
  );
  return found.map((r) => ({ name: r.name, id: Number(r.id) }));
}

export interface TermDatesWrite {
  /** The stored term, or null for a term to create. */
  id: number | null;
  division_id: number;
  name: string;
  start_date: string;
  end_date: string;
}
const TERM = 'id int, division_id int, name text, start_date date, end_date date';

/** Creates the new terms and writes the dates that changed of the stored ones. */
export async function writeTermDates(
  db: Db,
  locationId: number,
  rows: readonly TermDatesWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into terms (location_id, division_id, name, start_date, end_date)
      select ${locationId}, x.division_id, x.name, x.start_date, x.end_date
      from ${recordset(rows, TERM)} where x.id is null
      on conflict (division_id, name) do nothing`,
  );
  await db.execute(
    sql`update terms t set start_date = x.start_date, end_date = x.end_date
      from ${recordset(rows, TERM)}
      where t.id = x.id and t.location_id = ${locationId}
        and (t.start_date, t.end_date) is distinct from (x.start_date, x.end_date)`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/bulk-write.ts';

/** Rows compared between two seeds to prove determinism (test helper). */
export interface DemoSample {
  titles: { ean13: string; isbn10: string | null; description: string; author: string }[];
  students: { studentIdNum: string; firstName: string; lastName: string; email: string }[];
  sections: { code: string; startDate: string; endDate: string }[];
  rentals: { serial: string; state: string }[];
}

/** A sample of the seeded store A and B data in id order. */
export async function demoSample(db: Db): Promise<DemoSample> {
  return {
    titles: await queryRows(
      db,
      sql`select ean13, isbn10, description, author from titles order by id`,
    ),
    students: await queryRows(
      db,
      sql`select student_id_num as "studentIdNum", first_name as "firstName", last_name as "lastName", email
          from students order by id limit 500`,
    ),
    sections: await queryRows(
      db,
      sql`select code, start_date::text as "startDate", end_date::text as "endDate" from sections order by id limit 500`,
    ),
    rentals: await queryRows(
      db,
      sql`select serial_item_ref_num as serial, state from rentals order by id limit 500`,
    ),
  };
}

/** A single integer from `query` (first column of the first row). */
export async function scalar(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, query);
  return Number(row ? Object.values(row)[0] : NaN);
}

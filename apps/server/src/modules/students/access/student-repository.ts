import type { Db } from '../../../db/client.ts';
import { idInStore } from '../../../db/store-row.ts';
import { students } from '../../../db/schema/index.ts';

export type StudentRow = typeof students.$inferSelect;

/** A student of the store, or undefined (another store's student answers undefined too). */
export async function findStudent(
  db: Db,
  locationId: number,
  customerId: number,
): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(idInStore(students, locationId, customerId));
  return row;
}

import type { Db } from '../../../db/client.ts';
import { findInStore } from '../../../db/store-row.ts';
import { students } from '../../../db/schema/index.ts';

export type StudentRow = typeof students.$inferSelect;

/** A student of the store, or undefined (another store's student answers undefined too). */
export async function findStudent(
  db: Db,
  locationId: number,
  customerId: number,
): Promise<StudentRow | undefined> {
  return findInStore(db, students, locationId, customerId);
}

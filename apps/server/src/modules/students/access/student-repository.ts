import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
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
    .where(and(eq(students.id, customerId), eq(students.locationId, locationId)));
  return row;
}

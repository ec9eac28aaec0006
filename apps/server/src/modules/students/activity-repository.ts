import type { Db } from '../../db/client.ts';
import { studentActivity } from '../../db/schema/index.ts';

/** What the area records about a student (student_activity.action). */
export type StudentActivityAction =
  | 'RENTAL_RETURNED'
  | 'RETURN_LABEL_CREATED'
  | 'SHIPPING_LABEL_CREATED'
  | 'ORDER_CREATED'
  | 'ORDER_HELD'
  | 'ORDER_UNHELD'
  | 'ORDER_CANCELLED'
  | 'RENTAL_REMINDER_SENT';

export interface StudentActivityEntry {
  locationId: number;
  studentId: number;
  actorAccountId: number | null;
  action: StudentActivityAction;
  details: Record<string, unknown>;
}

/** Writes activity entries; call it inside the transaction that makes the change. */
export async function recordStudentActivity(
  db: Db,
  entries: readonly StudentActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(studentActivity).values([...entries]);
}

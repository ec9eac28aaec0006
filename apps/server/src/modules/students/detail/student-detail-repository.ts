import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { divisions, fulfillmentPreferences } from '../../../db/schema/index.ts';

export interface PreferenceRow {
  /** Null: NO_CURRENT_ENROLLMENT. */
  divisionName: string | null;
  fulfillment: string;
  fulfillmentFriendlyName: string;
  updatedAt: Date;
}

/** The student's fulfilment preferences, with their division's name. */
export async function preferenceRows(db: Db, studentId: number): Promise<PreferenceRow[]> {
  return db
    .select({
      divisionName: divisions.name,
      fulfillment: fulfillmentPreferences.fulfillment,
      fulfillmentFriendlyName: fulfillmentPreferences.fulfillmentFriendlyName,
      updatedAt: fulfillmentPreferences.updatedAt,
    })
    .from(fulfillmentPreferences)
    .leftJoin(divisions, eq(divisions.id, fulfillmentPreferences.divisionId))
    .where(eq(fulfillmentPreferences.studentId, studentId))
    .orderBy(asc(fulfillmentPreferences.id));
}

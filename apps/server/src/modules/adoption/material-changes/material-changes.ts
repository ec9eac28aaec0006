import {
  ENROLLMENT_CHANGE_SHARE,
  formatMoney,
  type MaterialChange,
  type ProductAvailability,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { formatEan13 } from '../wizard/titles.ts';
import {
  listChangeSubjects,
  listOtherEditions,
  type ChangeSubjectRow,
  type OtherEditionRow,
} from './material-changes-repository.ts';
import { editionNumber, isNewerEdition } from './editions.ts';

/**
 * The changes since a catalog title was last adopted (issue 30, point 5) that belong to the
 * title itself: NEWER_EDITION, NOT_OFFERED, OUT_OF_PRINT and PRICE_CHANGE, by title id (a title
 * without any is absent). Set-based: two round trips for any number of titles, so a rollover of
 * a whole division reads them at once. Titles of another store are not answered.
 */
export async function titleChanges(
  db: Db,
  locationId: number,
  titleIds: readonly number[],
): Promise<Map<number, MaterialChange[]>> {
  const found = new Map<number, MaterialChange[]>();
  const ids = [...new Set(titleIds)];
  if (ids.length === 0) return found;
  const [subjects, others] = await Promise.all([
    listChangeSubjects(db, locationId, ids),
    listOtherEditions(db, locationId, ids),
  ]);
  const othersOf = new Map<number, OtherEditionRow[]>();
  for (const other of others) {
    othersOf.set(other.titleId, [...(othersOf.get(other.titleId) ?? []), other]);
  }
  for (const subject of subjects) {
    const changes = [
      newerEdition(subject, othersOf.get(subject.titleId) ?? []),
      availabilityChange(subject),
      priceChange(subject),
    ].filter((c): c is MaterialChange => c !== null);
    if (changes.length > 0) found.set(subject.titleId, changes);
  }
  return found;
}

/** The newest of the other editions newer than the title's, named with its year and ISBN. */
function newerEdition(
  subject: ChangeSubjectRow,
  others: readonly OtherEditionRow[],
): MaterialChange | null {
  let newest: OtherEditionRow | null = null;
  for (const other of others) {
    if (!isNewerEdition(other, subject)) continue;
    if (newest === null || isNewerEdition(other, newest)) newest = other;
  }
  if (newest === null) return null;
  const isbn = formatEan13(newest.ean13);
  const number = editionNumber(newest.edition);
  const edition = number !== null ? `${ordinal(number)} edition` : 'A later edition';
  const year = newest.year !== null ? ` (${newest.year})` : '';
  return {
    kind: 'NEWER_EDITION',
    message: `${edition}${year} is in the catalog: ISBN ${isbn}.`,
    newerIsbn: isbn,
  };
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? 'th'}`;
}

const AVAILABILITY_CHANGES: Partial<Record<ProductAvailability, MaterialChange>> = {
  NOT_OFFERED: { kind: 'NOT_OFFERED', message: 'The distributor no longer offers this title.' },
  OUT_OF_PRINT: { kind: 'OUT_OF_PRINT', message: 'This title is out of print.' },
};

/**
 * The distributor's mark on the product of the same ISBN; the store's own out-of-print mark
 * gives OUT_OF_PRINT too (once, whichever says so).
 */
function availabilityChange(subject: ChangeSubjectRow): MaterialChange | null {
  const mark = subject.productAvailability as ProductAvailability | null;
  const fromDistributor = mark === null ? undefined : AVAILABILITY_CHANGES[mark];
  if (fromDistributor) return fromDistributor;
  return subject.outOfPrint ? (AVAILABILITY_CHANGES.OUT_OF_PRINT ?? null) : null;
}

/**
 * PRICE_CHANGE: the store's list price of the title (what it sold it for when it was adopted)
 * against the distributor's current price of the same ISBN, when the change, in percent of the
 * store's price, is over the store's threshold (exactly the threshold is not a change). A price
 * of zero on either side means no price is known, so nothing is compared.
 */
export function priceChange(
  subject: Pick<ChangeSubjectRow, 'listPriceCents' | 'productPriceCents' | 'thresholdPercent'>,
): MaterialChange | null {
  const before = subject.listPriceCents;
  const after = subject.productPriceCents ?? 0;
  if (before <= 0 || after <= 0) return null;
  const percent = ((after - before) / before) * 100;
  if (Math.abs(percent) <= subject.thresholdPercent) return null;
  const shown = Math.round(Math.abs(percent));
  return {
    kind: 'PRICE_CHANGE',
    message: `Price ${after > before ? 'up' : 'down'} ${shown}%: ${formatMoney(before)} in the store, ${formatMoney(after)} from the distributor.`,
  };
}

/**
 * ENROLLMENT_CHANGE when a section's enrollment moved by more than ENROLLMENT_CHANGE_SHARE. A
 * figure of zero on either side is no known figure (nobody enrolled and no estimate imported,
 * a coming term's usual case when the store sends no estimates), so nothing is compared: else
 * every carried section would read "down 100%".
 */
export function enrollmentChange(before: number, after: number): MaterialChange | null {
  if (before <= 0 || after <= 0) return null;
  const share = (after - before) / before;
  if (Math.abs(share) <= ENROLLMENT_CHANGE_SHARE) return null;
  const percent = Math.round(share * 100);
  return {
    kind: 'ENROLLMENT_CHANGE',
    message: `Enrollment ${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}% (${before} to ${after}).`,
  };
}

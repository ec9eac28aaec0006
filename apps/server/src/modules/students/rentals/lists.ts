import type { InTransitGroup, RentalItem } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { LabelUrl } from '../../print/index.ts';
import {
  inTransitRentals,
  outstandingRentals,
  type RentalListRow,
  type TransitRow,
} from './repository.ts';

/** The contract's item from a list row; `reportUrl` is the label it travels under, if any. */
export function rentalItemOf(row: RentalListRow, reportUrl: string | null = null): RentalItem {
  return {
    transItemId: row.transItemId,
    isbn: row.isbn,
    title: row.title,
    author: row.author,
    serialItemRefNum: row.serialItemRefNum,
    dueDate: row.dueDate,
    trackingNumber: row.trackingNumber,
    serialItemLabel: row.serialItemLabel,
    marketplaceConditionName: null,
    reportUrl,
  };
}

/** docs/behaviour/entities.md#outstanding-rental: items with a tracking number are on their way back, not here. */
export async function outstandingList(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<RentalItem[]> {
  return (await outstandingRentals(db, locationId, studentId)).map((row) => rentalItemOf(row));
}

/**
 * docs/behaviour/entities.md#in-transit-group: items on their way back, by transaction (order), newest first.
 * An item the portal labelled carries its label's URL, to print it again. None when the label
 * has expired (printLabel on the parcel's items answers it again, renewed) or when the item
 * never had one of ours (announced by the carrier).
 */
export async function inTransitList(
  db: Db,
  locationId: number,
  studentId: number,
  labelUrl: LabelUrl,
  now: Date,
): Promise<InTransitGroup[]> {
  const groups = new Map<number, RentalItem[]>();
  for (const row of await inTransitRentals(db, locationId, studentId)) {
    const items = groups.get(row.orderId) ?? [];
    items.push(rentalItemOf(row, liveLabelUrl(row, labelUrl, now)));
    groups.set(row.orderId, items);
  }
  return [...groups].map(([transId, transItems]) => ({ transId, transItems }));
}

function liveLabelUrl(row: TransitRow, labelUrl: LabelUrl, now: Date): string | null {
  if (!row.labelToken || !row.labelExpiresAt || row.labelExpiresAt <= now) return null;
  return labelUrl(row.labelToken);
}

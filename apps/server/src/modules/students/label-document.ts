import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountName, labelByToken, labelItems, type LabelRow } from './label-repository.ts';
import { renderReturnLabel, renderShipmentLabel, type LabelStudent } from './label-documents.ts';
import { returnAddressOf } from './rental-address.ts';
import { counterDay } from './rental-dates.ts';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';
import { storeReturnAddress } from './rental-repository.ts';
import { findStudent } from './student-repository.ts';

export interface LabelDocument {
  pdf: Buffer;
  fileName: string;
}

/**
 * The PDF behind a label URL, rendered from the rows as they are now. The token is the only
 * key: it answers on its own store's websites only (another store's host gets the same 404 as
 * an unknown token) and until the label expires (410, so the clerk knows to print it again).
 */
export async function labelDocument(
  db: Db,
  websiteLocationId: number,
  token: string,
  now: Date,
): Promise<LabelDocument> {
  const label = await labelByToken(db, token);
  if (!label || label.locationId !== websiteLocationId) {
    throw new AppError(404, M.labelNotFound, 'token');
  }
  if (label.expiresAt <= now) {
    throw new AppError(410, M.labelExpired(counterDay(label.expiresAt), label.kind), 'token');
  }
  return label.kind === 'SHIPMENT' ? shipmentDocument(db, label) : returnDocument(db, label);
}

async function labelStudent(db: Db, label: LabelRow): Promise<LabelStudent> {
  const student = await findStudent(db, label.locationId, label.studentId);
  return {
    name: student ? `${student.firstName} ${student.lastName}`.trim() : '',
    studentIdNum: student?.studentIdNum ?? '',
    streetOne: student?.streetOne.trim() ?? '',
    city: student?.city.trim() ?? '',
    state: student?.state.trim() ?? '',
    postalCode: student?.postalCode.trim() ?? '',
  };
}

const itemLine = (item: Awaited<ReturnType<typeof labelItems>>[number]) => ({
  serial: item.serialItemRefNum,
  isbn: item.isbn,
  title: item.title,
  condition: item.conditionName,
});

/** File names are ASCII-safe: the reference is ours or the store's and may hold anything. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60);

async function shipmentDocument(db: Db, label: LabelRow): Promise<LabelDocument> {
  const trackingNumber = label.trackingNumber ?? '';
  const [student, address, items] = await Promise.all([
    labelStudent(db, label),
    storeReturnAddress(db, label.locationId),
    labelItems(db, label),
  ]);
  const pdf = await renderShipmentLabel({
    trackingNumber,
    createdAt: label.createdAt,
    student,
    // As stored now: it was complete when the label was made, and a corrected address
    // should print corrected.
    shipTo: returnAddressOf(address),
    items: items.map((item) => ({ ...itemLine(item), condition: null })),
  });
  return { pdf, fileName: `shipping-label-${safeName(trackingNumber)}.pdf` };
}

async function returnDocument(db: Db, label: LabelRow): Promise<LabelDocument> {
  const [student, address, items, returnedBy] = await Promise.all([
    labelStudent(db, label),
    storeReturnAddress(db, label.locationId),
    labelItems(db, label),
    accountName(db, label.createdBy),
  ]);
  const serialItemLabel = label.serialItemLabel ?? '';
  const pdf = await renderReturnLabel({
    serialItemLabel,
    storeName: address?.storeName ?? '',
    student,
    returnedAt: label.createdAt,
    returnedBy,
    items: items.map(itemLine),
  });
  return { pdf, fileName: `return-label-${safeName(serialItemLabel)}.pdf` };
}

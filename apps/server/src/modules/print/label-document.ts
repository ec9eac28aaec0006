import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import {
  accountName,
  labelByToken,
  labelItems,
  labelStudentRow,
  storeReturnAddress,
  type LabelRow,
} from './label-repository.ts';
import {
  renderReturnLabel,
  renderShipmentLabel,
  type LabelStudent,
  type ReturnLabelData,
  type ShipmentLabelData,
} from './label-documents.ts';
import { returnAddressOf } from './return-address.ts';
import { counterDay } from './counter-dates.ts';
import { PRINT_MESSAGES as M } from './messages.ts';

export interface LabelDocument {
  pdf: Buffer;
  fileName: string;
}

/** A label's facts as they are now, before they become a PDF or a label printer's content. */
export type LoadedLabel =
  { kind: 'SHIPMENT'; data: ShipmentLabelData } | { kind: 'RETURN'; data: ReturnLabelData };

/**
 * The label behind a token, read from the rows as they are now. The token is the only key: it
 * answers on its own store's websites only (another store's host gets the same 404 as an
 * unknown token) and until the label expires (410, so the clerk knows to print it again).
 */
export async function loadLabel(
  db: Db,
  websiteLocationId: number,
  token: string,
  now: Date,
): Promise<LoadedLabel> {
  const label = await labelByToken(db, token);
  if (!label || label.locationId !== websiteLocationId) {
    throw AppError.notFound(M.labelNotFound, 'token');
  }
  if (label.expiresAt <= now) {
    throw AppError.gone(M.labelExpired(counterDay(label.expiresAt), label.kind), 'token');
  }
  return label.kind === 'SHIPMENT'
    ? { kind: 'SHIPMENT', data: await shipmentData(db, label) }
    : { kind: 'RETURN', data: await returnData(db, label) };
}

/** The PDF behind a label URL. */
export async function labelDocument(label: LoadedLabel): Promise<LabelDocument> {
  if (label.kind === 'SHIPMENT') {
    const { trackingNumber } = label.data;
    return {
      pdf: await renderShipmentLabel(label.data),
      fileName: `shipping-label-${safeName(trackingNumber)}.pdf`,
    };
  }
  return {
    pdf: await renderReturnLabel(label.data),
    fileName: `return-label-${safeName(label.data.serialItemLabel)}.pdf`,
  };
}

async function labelStudent(db: Db, label: LabelRow): Promise<LabelStudent> {
  const student = await labelStudentRow(db, label);
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

async function shipmentData(db: Db, label: LabelRow): Promise<ShipmentLabelData> {
  const [student, address, items] = await Promise.all([
    labelStudent(db, label),
    storeReturnAddress(db, label.locationId),
    labelItems(db, label),
  ]);
  return {
    trackingNumber: label.trackingNumber ?? '',
    createdAt: label.createdAt,
    student,
    // As stored now: it was complete when the label was made, and a corrected address
    // should print corrected.
    shipTo: returnAddressOf(address),
    items: items.map((item) => ({ ...itemLine(item), condition: null })),
  };
}

async function returnData(db: Db, label: LabelRow): Promise<ReturnLabelData> {
  const [student, address, items, returnedBy] = await Promise.all([
    labelStudent(db, label),
    storeReturnAddress(db, label.locationId),
    labelItems(db, label),
    accountName(db, label.createdBy),
  ]);
  return {
    serialItemLabel: label.serialItemLabel ?? '',
    storeName: address?.storeName ?? '',
    student,
    returnedAt: label.createdAt,
    returnedBy,
    items: items.map(itemLine),
  };
}

import { cityLine, type ReturnAddress } from './return-address.ts';
import { counterDay, counterMoment } from './counter-dates.ts';
import {
  barcodeBand,
  CAPTION,
  continuationPages,
  itemsColumn,
  LEFT_WIDTH,
  type LabelItemLine,
} from './label-layout.ts';
import { code128Png, LabelCanvas, MARGIN } from './label-pdf.ts';

/** The student as a label names them. */
export interface LabelStudent {
  name: string;
  studentIdNum: string;
  streetOne: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface ShipmentLabelData {
  trackingNumber: string;
  createdAt: Date;
  student: LabelStudent;
  shipTo: ReturnAddress;
  items: readonly LabelItemLine[];
}

export interface ReturnLabelData {
  serialItemLabel: string;
  storeName: string;
  student: LabelStudent;
  returnedAt: Date;
  returnedBy: string | null;
  items: readonly LabelItemLine[];
}

/**
 * The return-shipping label the student sticks on the parcel: from the student, to the
 * store's return address in large type, the tracking number as Code 128, and the contents.
 */
export async function renderShipmentLabel(data: ShipmentLabelData): Promise<Buffer> {
  const c = await LabelCanvas.create(`Return shipment ${data.trackingNumber}`);
  c.newPage();
  const x = MARGIN;
  let y = MARGIN;
  y += c.text('FROM', x, y, LEFT_WIDTH, CAPTION);
  y += c.text(data.student.name, x, y, LEFT_WIDTH, { size: 8, bold: true });
  if (data.student.streetOne) {
    y += c.text(data.student.streetOne, x, y, LEFT_WIDTH, { size: 7 });
    c.text(cityLine(data.student), x, y, LEFT_WIDTH, { size: 7 });
  } else {
    c.text(`Student ID ${data.student.studentIdNum}`, x, y, LEFT_WIDTH, { size: 7 });
  }

  const to = data.shipTo;
  y = 44;
  y += c.text('SHIP TO', x, y, LEFT_WIDTH, CAPTION);
  y += c.largeText(to.name, x, y, LEFT_WIDTH, { size: 11, minSize: 7, bold: true });
  y += c.largeText(to.streetOne, x, y, LEFT_WIDTH, { size: 10, minSize: 7 });
  if (to.streetTwo) y += c.largeText(to.streetTwo, x, y, LEFT_WIDTH, { size: 10, minSize: 7 });
  c.largeText(cityLine(to), x, y, LEFT_WIDTH, { size: 10, minSize: 7, bold: true });

  itemsColumn(c, 'RETURN SHIPMENT', `Created ${counterDay(data.createdAt)}`, data.items);
  barcodeBand(c, await code128Png(data.trackingNumber), data.trackingNumber);
  continuationPages(c, `RETURN SHIPMENT ${data.trackingNumber}: contents`, data.items);
  return c.toBuffer();
}

/**
 * The counter-return label of one serialItemLabel: the store, the student, the label's
 * reference as Code 128, and what came back in which condition, when and by whom.
 */
export async function renderReturnLabel(data: ReturnLabelData): Promise<Buffer> {
  const c = await LabelCanvas.create(`Rental return ${data.serialItemLabel}`);
  c.newPage();
  const x = MARGIN;
  let y = MARGIN;
  y += c.largeText(data.storeName, x, y, LEFT_WIDTH, { size: 10, minSize: 7, bold: true });
  y += c.text('RENTAL RETURN', x, y, LEFT_WIDTH, CAPTION) + 3;
  y += c.text(data.student.name, x, y, LEFT_WIDTH, { size: 9, bold: true });
  y += c.text(`Student ID ${data.student.studentIdNum}`, x, y, LEFT_WIDTH, { size: 7 }) + 3;
  y += c.text(`Returned ${counterMoment(data.returnedAt)}`, x, y, LEFT_WIDTH, { size: 6.5 });
  if (data.returnedBy) c.text(`by ${data.returnedBy}`, x, y, LEFT_WIDTH, { size: 6.5 });

  itemsColumn(c, 'ITEMS RETURNED', 'Serial, condition, ISBN, title', data.items);
  barcodeBand(c, await code128Png(data.serialItemLabel), data.serialItemLabel);
  continuationPages(c, `RENTAL RETURN ${data.serialItemLabel}: items`, data.items);
  return c.toBuffer();
}

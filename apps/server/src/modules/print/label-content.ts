import type { LabelContent } from '@csp/contracts';
import type { LoadedLabel } from './label-document.ts';
import type { LabelItemLine } from './label-layout.ts';
import { cityLine, type ReturnAddress } from './return-address.ts';
import { counterDay, counterMoment } from './counter-dates.ts';

/**
 * A 30256 label printed by a label printer holds a few short lines beside the address: the
 * items past this many are counted, not listed (the PDF's continuation pages list them all).
 */
export const LABEL_TEXT_ITEMS = 4;

const nonEmpty = (lines: readonly string[]) => lines.filter((line) => line.trim() !== '');

function itemLines(items: readonly LabelItemLine[]): string[] {
  const shown = items
    .slice(0, LABEL_TEXT_ITEMS)
    .map((item) => nonEmpty([item.serial, item.condition ?? '', item.title]).join(' · '));
  const more = items.length - shown.length;
  return more > 0 ? [...shown, `and ${more} more`] : shown;
}

/** The ship-to block of a parcel to the store. */
export function addressBlock(to: ReturnAddress): string[] {
  return nonEmpty([to.name, to.streetOne, to.streetTwo, cityLine(to)]);
}

/**
 * What a label printer that composes its own labels (DYMO) prints for a label URL: the same
 * facts as the PDF, in the 30256 label's blocks.
 */
export function labelContentOf(label: LoadedLabel): LabelContent {
  if (label.kind === 'SHIPMENT') {
    const d = label.data;
    return {
      kind: 'SHIPMENT',
      jobTitle: `Return shipment ${d.trackingNumber}`,
      addressLines: addressBlock(d.shipTo),
      textLines: nonEmpty([
        'RETURN SHIPMENT',
        `From ${d.student.name || `Student ID ${d.student.studentIdNum}`}`,
        `Created ${counterDay(d.createdAt)}`,
        ...itemLines(d.items),
      ]),
      barcode: d.trackingNumber,
    };
  }
  const d = label.data;
  return {
    kind: 'RETURN',
    jobTitle: `Rental return ${d.serialItemLabel}`,
    addressLines: nonEmpty([d.storeName, d.student.name, `Student ID ${d.student.studentIdNum}`]),
    textLines: nonEmpty([
      'RENTAL RETURN',
      `Returned ${counterMoment(d.returnedAt)}${d.returnedBy ? ` by ${d.returnedBy}` : ''}`,
      ...itemLines(d.items),
    ]),
    barcode: d.serialItemLabel,
  };
}

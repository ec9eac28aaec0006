import type { LabelContent } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { addressBlock } from './label-content.ts';
import { barcodeBand, CAPTION, LEFT_WIDTH } from './label-layout.ts';
import { code128Png, LabelCanvas, MARGIN } from './label-pdf.ts';
import { returnAddressOf, type ReturnAddress } from './return-address.ts';
import { counterMoment } from './counter-dates.ts';
import { storeReturnAddress } from './label-repository.ts';

/** What the test label's barcode encodes: a scanner at the counter can check it reads too. */
export const TEST_LABEL_BARCODE = 'CSP-TEST-LABEL';

export interface TestLabel {
  address: ReturnAddress;
  printedAt: Date;
}

/**
 * The printer panel's test label: the store's own name and return address and when it was
 * asked for, at the 30256 size of the real labels, so a clerk checks the whole path (the
 * printer, its label stock, its alignment) without a student's data.
 */
export async function loadTestLabel(db: Db, locationId: number, now: Date): Promise<TestLabel> {
  return { address: returnAddressOf(await storeReturnAddress(db, locationId)), printedAt: now };
}

function storeLines(address: ReturnAddress): string[] {
  const block = addressBlock(address);
  return block.length > 0 ? block : [address.storeName || 'Campus store'];
}

export async function renderTestLabel(label: TestLabel): Promise<Buffer> {
  const c = await LabelCanvas.create('Test label');
  c.newPage();
  const x = MARGIN;
  let y = MARGIN;
  y += c.text('TEST LABEL', x, y, LEFT_WIDTH, CAPTION);
  y += c.largeText(label.address.storeName || 'Campus store', x, y, LEFT_WIDTH, {
    size: 11,
    minSize: 7,
    bold: true,
  });
  for (const line of storeLines(label.address)) {
    y += c.text(line, x, y, LEFT_WIDTH, { size: 8 });
  }
  y += 4;
  y += c.text(`Printed ${counterMoment(label.printedAt)}`, x, y, LEFT_WIDTH, { size: 7 });
  c.text('Labels print on this printer.', x, y, LEFT_WIDTH, { size: 7, bold: true });
  barcodeBand(c, await code128Png(TEST_LABEL_BARCODE), TEST_LABEL_BARCODE);
  return c.toBuffer();
}

export function testLabelContent(label: TestLabel): LabelContent {
  return {
    kind: 'TEST',
    jobTitle: 'Test label',
    addressLines: storeLines(label.address),
    textLines: [
      'TEST LABEL',
      `Printed ${counterMoment(label.printedAt)}`,
      'Labels print on this printer.',
    ],
    barcode: TEST_LABEL_BARCODE,
  };
}

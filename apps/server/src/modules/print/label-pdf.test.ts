import { describe, expect, it } from 'vitest';
import { readLabelPdf } from '../../test-support/rental-world.ts';
import { renderReturnLabel, renderShipmentLabel } from './label-documents.ts';
import { itemPages } from './label-layout.ts';
import { code128Png, LabelCanvas, printable } from './label-pdf.ts';

const student = {
  name: 'Zoë Łukasiewicz 中文',
  studentIdNum: '12345678',
  streetOne: '',
  city: '',
  state: '',
  postalCode: '',
};
const shipTo = {
  storeName: 'Store',
  name: 'Returns Department of a Store Whose Name Goes On And On Without End',
  streetOne: '1 University Avenue',
  streetTwo: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '',
};

describe('label PDF rendering', () => {
  it('prints what the built-in fonts can, and a stand-in for the rest', () => {
    expect(printable('Zoë Ødegaard – “A” €5')).toBe('Zoë Ødegaard – “A” €5');
    expect(printable('Łukasz Dvořák Nguyễn')).toBe('Lukasz Dvorák Nguyen');
    expect(printable('中文\tname\n')).toBe('?? name');
  });

  it('cuts a line to its box with an ellipsis', async () => {
    const canvas = await LabelCanvas.create('test');
    canvas.newPage();
    const long = 'Genes in Action: A Very Long Title That Never Fits on a Label';
    const cut = canvas.fit(long, 60, { size: 7 });
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(canvas.fit('Short', 60, { size: 7 })).toBe('Short');
    await canvas.toBuffer();
  });

  it('spreads items over pages: what page 1 holds, the rest 15 to a label', () => {
    expect(itemPages(1)).toEqual({ onFirst: 1, pages: 1 });
    expect(itemPages(4)).toEqual({ onFirst: 4, pages: 1 });
    expect(itemPages(5)).toEqual({ onFirst: 3, pages: 2 });
    expect(itemPages(100).pages).toBe(1 + Math.ceil(97 / 15));
  });

  it('has no barcode for text Code 128 cannot carry, and still prints the label', async () => {
    expect(await code128Png('RTN-ü')).toBeNull();
    const pdf = await readLabelPdf(
      await renderReturnLabel({
        serialItemLabel: 'RTN-ü',
        storeName: 'Store',
        student,
        returnedAt: new Date(),
        returnedBy: null,
        items: [{ serial: 'S1', isbn: '9780306406157', title: 'T', condition: 'Good' }],
      }),
    );
    expect(pdf.barcodes).toEqual([]);
    expect(pdf.text).toContain('RTN-ü');
  });

  it('prints a sender without address by student ID, and cuts names that do not fit', async () => {
    const pdf = await readLabelPdf(
      await renderShipmentLabel({
        trackingNumber: '1Z0123456789ABCDEF',
        createdAt: new Date(),
        student,
        shipTo,
        items: [{ serial: 'S1', isbn: '9780306406157', title: 'T' }],
      }),
    );
    expect(pdf.barcodes).toEqual(['1Z0123456789ABCDEF']);
    expect(pdf.text).toContain('Zoë Lukasiewicz ??');
    expect(pdf.text).toContain('Student ID 12345678');
    expect(pdf.text).not.toContain(shipTo.name);
    expect(pdf.text).toContain('Returns Department');
  });
});

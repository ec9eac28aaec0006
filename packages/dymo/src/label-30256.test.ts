import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DymoError } from './errors.ts';
import { thrownBy } from './test-support/thrown.ts';
import {
  shippingLabel30256Layout,
  shippingLabel30256Xml,
  type BarcodePosition,
  type ShippingLabelInput,
} from './label-30256.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'ObjectInfo',
});

interface Bounds {
  X: string;
  Y: string;
  Width: string;
  Height: string;
}
type ObjectInfo = Record<string, Record<string, unknown>> & { Bounds: Bounds };
interface Label {
  DieCutLabel: {
    PaperOrientation: string;
    Id: string;
    PaperName: string;
    DrawCommands: { RoundRectangle: Record<string, string> };
    ObjectInfo: ObjectInfo[];
  };
}

function parse(xml: string): Label['DieCutLabel'] {
  expect(XMLValidator.validate(xml)).toBe(true);
  return (parser.parse(xml) as Label).DieCutLabel;
}

function objectOf(label: Label['DieCutLabel'], kind: string): ObjectInfo | undefined {
  return label.ObjectInfo.find((info) => kind in info);
}

const address = ['Ann Lee', 'Campus Store', '1 Main St', 'Springfield, IL 62701'];

describe('30256 shipping label XML', () => {
  it('is the doc 30256 DieCutLabel with the address object', () => {
    const xml = shippingLabel30256Xml({ addressLines: address });
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<DieCutLabel Version="8.0" Units="twips">',
      ),
    ).toBe(true);
    const label = parse(xml);
    expect(label.PaperOrientation).toBe('Landscape');
    expect(label.Id).toBe('LargeShipping');
    expect(label.PaperName).toBe('30256 Shipping');
    expect(label.DrawCommands.RoundRectangle).toEqual({
      X: '0',
      Y: '0',
      Width: '3331',
      Height: '5715',
      Rx: '270',
      Ry: '270',
    });
    expect(label.ObjectInfo).toHaveLength(1);
    const info = objectOf(label, 'AddressObject');
    const object = info?.['AddressObject'] as Record<string, unknown>;
    expect(object['Name']).toBe('Address');
    expect(object['IsVariable']).toBe('True');
    expect(object['TextFitMode']).toBe('ShrinkToFit');
    expect(object['Rotation']).toBe('Rotation0');
    expect(object['BarcodePosition']).toBe('AboveAddress');
    expect(object['ShowBarcodeFor9DigitZipOnly']).toBe('False');
    expect(xml).toContain(`<String>${address.join('\n')}</String>`);
    expect(xml).toContain('<Font Family="Arial" Size="12"');
    expect(info?.Bounds.X).toBe('332');
    expect(info?.Bounds.Y).toBe('150');
  });

  it('escapes every text so the label stays well formed and reads back the same', () => {
    const tricky = ['O\'Brien & "Sons" <Ltd>', 'Apt #5 > 4'];
    const xml = shippingLabel30256Xml({
      addressLines: tricky,
      textLines: ['RMA <12> & co'],
      barcode: 'A&B<1>',
      image: { location: 'https://portal.test/logo.png?a=1&b=2' },
    });
    expect(xml).toContain('O&apos;Brien &amp; &quot;Sons&quot; &lt;Ltd&gt;');
    const label = parse(xml);
    const text = (kind: string): unknown => objectOf(label, kind)?.[kind];
    const styled = (kind: string): string =>
      (text(kind) as { StyledText: { Element: { String: string } } }).StyledText.Element.String;
    expect(styled('AddressObject')).toBe(tricky.join('\n'));
    expect(styled('TextObject')).toBe('RMA <12> & co');
    expect((text('BarcodeObject') as { Text: string }).Text).toBe('A&B<1>');
    expect((text('ImageObject') as { ImageLocation: string }).ImageLocation).toBe(
      'https://portal.test/logo.png?a=1&b=2',
    );
  });

  it('drops characters XML cannot carry instead of breaking the label', () => {
    const xml = shippingLabel30256Xml({ addressLines: ['Ann\u0000 Lee\u001b'] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<String>Ann Lee</String>');
  });

  it.each<BarcodePosition>(['AboveAddress', 'BelowAddress', 'Suppress'])(
    'accepts barcode position %s',
    (position) => {
      const xml = shippingLabel30256Xml({ addressLines: address, barcodePosition: position });
      expect(xml).toContain(`<BarcodePosition>${position}</BarcodePosition>`);
    },
  );

  it('refuses any other barcode position', () => {
    const bad = { addressLines: address, barcodePosition: 'Top' } as unknown as ShippingLabelInput;
    const error = thrownBy(() => shippingLabel30256Xml(bad));
    expect(error).toBeInstanceOf(DymoError);
    expect(error).toMatchObject({
      code: 'BAD_BARCODE_POSITION',
      message: 'The address barcode position must be AboveAddress, BelowAddress or Suppress.',
    });
  });

  it('adds a small shrink-to-fit text, a Code128 barcode and the image when given', () => {
    const label = parse(
      shippingLabel30256Xml({
        addressLines: address,
        textLines: ['Return of rental', 'Order 991'],
        barcode: '1Z999AA10123456784',
        image: { base64Png: 'data:image/png;base64,iVBORw0K\nGgo=' },
      }),
    );
    const text = objectOf(label, 'TextObject')?.['TextObject'] as Record<string, unknown>;
    expect(text['TextFitMode']).toBe('ShrinkToFit');
    expect(JSON.stringify(text['StyledText'])).toContain('"Size":"8"');
    const barcode = objectOf(label, 'BarcodeObject')?.['BarcodeObject'] as Record<string, unknown>;
    expect(barcode['Type']).toBe('Code128Auto');
    expect(barcode['Text']).toBe('1Z999AA10123456784');
    const image = objectOf(label, 'ImageObject')?.['ImageObject'] as Record<string, unknown>;
    expect(image['Image']).toBe('iVBORw0KGgo=');
    expect(image['ScaleMode']).toBe('Uniform');
  });

  const combinations: ShippingLabelInput[] = [];
  for (const textLines of [undefined, ['Ref 1']])
    for (const barcode of [undefined, '12345'])
      for (const image of [undefined, { location: 'logo.png' }])
        combinations.push({
          addressLines: address,
          ...(textLines ? { textLines } : {}),
          ...(barcode ? { barcode } : {}),
          ...(image ? { image } : {}),
        });

  it.each(combinations)('lays objects out inside the label without overlap: %j', (input) => {
    const label = parse(shippingLabel30256Xml(input));
    const boxes = label.ObjectInfo.map((info) => ({
      x: Number(info.Bounds.X),
      y: Number(info.Bounds.Y),
      w: Number(info.Bounds.Width),
      h: Number(info.Bounds.Height),
    }));
    expect(boxes).toHaveLength(
      1 + (input.textLines ? 1 : 0) + (input.barcode ? 1 : 0) + (input.image ? 1 : 0),
    );
    for (const b of boxes) {
      expect(b.w).toBeGreaterThan(0);
      expect(b.h).toBeGreaterThan(0);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      // Landscape: X runs along the 5715-twip side, Y along the 3331-twip side.
      expect(b.x + b.w).toBeLessThanOrEqual(5715);
      expect(b.y + b.h).toBeLessThanOrEqual(3331);
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart).toBe(true);
      }
    expect(shippingLabel30256Layout(input).address.height).toBeGreaterThanOrEqual(1260);
  });
});

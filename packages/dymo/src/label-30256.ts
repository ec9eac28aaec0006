import { DymoError } from './errors.ts';
import { DYMO_MESSAGES } from './messages.ts';
import { element, escapeXml } from './xml-text.ts';

export type BarcodePosition = 'AboveAddress' | 'BelowAddress' | 'Suppress';
export const BARCODE_POSITIONS: readonly BarcodePosition[] = [
  'AboveAddress',
  'BelowAddress',
  'Suppress',
];

export interface ShippingLabelInput {
  /** One address line each; the service prints them as they are (ShrinkToFit). */
  addressLines: readonly string[];
  /** Small print above the address (a reference, the sender). */
  textLines?: readonly string[];
  /** Printed as a Code 128 barcode under the address. */
  barcode?: string;
  /** Where the service prints the address's own postal barcode; default AboveAddress. */
  barcodePosition?: BarcodePosition;
  /** A logo: inline PNG (base64, a data: URL prefix is removed) or a location the service loads. */
  image?: { base64Png: string } | { location: string };
}

/** An object's box on the label, twips, landscape (X along the 4 in side). */
export interface LabelBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

// 30256: 2-5/16 in x 4 in = 3331 x 5715 twips, drawn landscape. The printable area keeps the
// doc's address origin (332, 150) and the same margin on the far sides.
const LEFT = 332;
const TOP = 150;
const RIGHT = 5715 - 150;
const BOTTOM = 3331 - 150;
const GAP = 90;
/** The doc's address width; the strip right of it holds the image. */
const MAIN_WIDTH = 4455;
const TEXT_HEIGHT = 510;
const BARCODE_HEIGHT = 720;
const IMAGE_X = LEFT + MAIN_WIDTH + GAP;
const IMAGE_SIZE = RIGHT - IMAGE_X;

const BLACK = '<ForeColor Alpha="255" Red="0" Green="0" Blue="0"/>';
const COMMON =
  BLACK +
  '<BackColor Alpha="0" Red="255" Green="255" Blue="255"/><LinkedObjectName></LinkedObjectName>' +
  '<Rotation>Rotation0</Rotation><IsMirrored>False</IsMirrored>';

const font = (size: number, tag = 'Font'): string =>
  `<${tag} Family="Arial" Size="${size}" Bold="False" Italic="False" Underline="False" Strikeout="False"/>`;

/**
 * The 30256 shipping label (DieCutLabel, Landscape, LargeShipping) with an AddressObject named
 * "Address" (a LabelSet's ObjectData Name="Address" replaces its text), and, when given, a
 * TextObject "Text" above it, a Code128Auto BarcodeObject "Barcode" below it and an ImageObject
 * "Image" at the top right. Objects share the label's printable area without overlapping.
 */
export function shippingLabel30256Xml(input: ShippingLabelInput): string {
  const position = input.barcodePosition ?? 'AboveAddress';
  if (!BARCODE_POSITIONS.includes(position)) {
    throw new DymoError('BAD_BARCODE_POSITION', DYMO_MESSAGES.badBarcodePosition);
  }
  const layout = shippingLabel30256Layout(input);
  const objects = [addressObject(input.addressLines, position, layout.address)];
  if (layout.text) objects.push(textObject(input.textLines ?? [], layout.text));
  if (layout.barcode) objects.push(barcodeObject(input.barcode ?? '', layout.barcode));
  if (layout.image && input.image) objects.push(imageObject(input.image, layout.image));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<DieCutLabel Version="8.0" Units="twips">',
    '<PaperOrientation>Landscape</PaperOrientation>',
    '<Id>LargeShipping</Id>',
    '<PaperName>30256 Shipping</PaperName>',
    '<DrawCommands><RoundRectangle X="0" Y="0" Width="3331" Height="5715" Rx="270" Ry="270"/></DrawCommands>',
    ...objects,
    '</DieCutLabel>',
  ].join('\n');
}

/** Where each object of shippingLabel30256Xml goes (absent objects have no box). */
export function shippingLabel30256Layout(input: ShippingLabelInput): {
  address: LabelBounds;
  text?: LabelBounds;
  barcode?: LabelBounds;
  image?: LabelBounds;
} {
  let top = TOP;
  let bottom = BOTTOM;
  const out: ReturnType<typeof shippingLabel30256Layout> = {
    address: { x: LEFT, y: TOP, width: MAIN_WIDTH, height: 0 },
  };
  if (input.textLines && input.textLines.length > 0) {
    out.text = { x: LEFT, y: top, width: MAIN_WIDTH, height: TEXT_HEIGHT };
    top += TEXT_HEIGHT + GAP;
  }
  if (input.barcode) {
    out.barcode = {
      x: LEFT,
      y: BOTTOM - BARCODE_HEIGHT,
      width: MAIN_WIDTH,
      height: BARCODE_HEIGHT,
    };
    bottom -= BARCODE_HEIGHT + GAP;
  }
  if (input.image) out.image = { x: IMAGE_X, y: TOP, width: IMAGE_SIZE, height: IMAGE_SIZE };
  out.address = { x: LEFT, y: top, width: MAIN_WIDTH, height: bottom - top };
  return out;
}

function objectInfo(body: string, b: LabelBounds): string {
  return `<ObjectInfo>${body}<Bounds X="${b.x}" Y="${b.y}" Width="${b.width}" Height="${b.height}"/></ObjectInfo>`;
}

function styledText(lines: readonly string[], size: number): string {
  return (
    `<StyledText><Element>${element('String', lines.join('\n'))}` +
    `<Attributes>${font(size)}${BLACK}</Attributes></Element></StyledText>`
  );
}

function textSettings(isVariable: boolean): string {
  return (
    `<IsVariable>${isVariable ? 'True' : 'False'}</IsVariable>` +
    '<HorizontalAlignment>Left</HorizontalAlignment><VerticalAlignment>Middle</VerticalAlignment>' +
    '<TextFitMode>ShrinkToFit</TextFitMode><UseFullFontHeight>True</UseFullFontHeight>' +
    '<Verticalized>False</Verticalized>'
  );
}

function addressObject(
  lines: readonly string[],
  position: BarcodePosition,
  b: LabelBounds,
): string {
  return objectInfo(
    `<AddressObject><Name>Address</Name>${COMMON}${textSettings(true)}${styledText(lines, 12)}` +
      '<ShowBarcodeFor9DigitZipOnly>False</ShowBarcodeFor9DigitZipOnly>' +
      `<BarcodePosition>${position}</BarcodePosition><LineFonts>${font(12)}</LineFonts></AddressObject>`,
    b,
  );
}

function textObject(lines: readonly string[], b: LabelBounds): string {
  return objectInfo(
    `<TextObject><Name>Text</Name>${COMMON}${textSettings(false)}${styledText(lines, 8)}</TextObject>`,
    b,
  );
}

function barcodeObject(text: string, b: LabelBounds): string {
  return objectInfo(
    `<BarcodeObject><Name>Barcode</Name>${COMMON}<IsVariable>True</IsVariable>${element('Text', text)}` +
      '<Type>Code128Auto</Type><Size>Medium</Size><TextPosition>Bottom</TextPosition>' +
      font(8, 'TextFont') +
      font(8, 'CheckSumFont') +
      '<TextEmbedding>None</TextEmbedding><ECLevel>0</ECLevel>' +
      '<HorizontalAlignment>Center</HorizontalAlignment>' +
      '<QuietZonesPadding Left="0" Top="0" Right="0" Bottom="0"/></BarcodeObject>',
    b,
  );
}

function imageObject(image: { base64Png: string } | { location: string }, b: LabelBounds): string {
  const source =
    'base64Png' in image
      ? element('Image', image.base64Png.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''))
      : `<ImageLocation>${escapeXml(image.location)}</ImageLocation>`;
  return objectInfo(
    `<ImageObject><Name>Image</Name>${COMMON}<IsVariable>False</IsVariable>${source}` +
      '<ScaleMode>Uniform</ScaleMode><BorderWidth>0</BorderWidth>' +
      '<BorderColor Alpha="255" Red="0" Green="0" Blue="0"/>' +
      '<HorizontalAlignment>Center</HorizontalAlignment><VerticalAlignment>Center</VerticalAlignment>' +
      '</ImageObject>',
    b,
  );
}

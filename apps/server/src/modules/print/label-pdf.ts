import { loadBwipJs, loadPdfKit } from '../../lib/heavy-modules.ts';

type PdfKit = Awaited<ReturnType<typeof loadPdfKit>>;

/**
 * The DYMO 30256 shipping label is 2-5/16 x 4 in: 166.5 x 288 pt. The PDF page is PORTRAIT,
 * exactly the label as the LabelWriter feeds it (short edge first: 2-5/16 in across the print
 * head, 4 in along the feed), so a driver or the local print service maps page to label 1:1,
 * with nothing to auto-rotate or scale. The content is laid out in landscape (288 wide,
 * 166.5 high: how a shipping label reads) and turned a quarter turn onto the page; in a
 * browser tab the label shows sideways, on the roll it comes out right.
 */
export const LABEL_PAGE_SIZE: [number, number] = [166.5, 288];
/** The landscape drawing area every layout below uses. */
export const W = 288;
export const H = 166.5;
/** The LabelWriter cannot print the outermost millimetres reliably. */
export const MARGIN = 8;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ELLIPSIS = '…';

/** Characters pdfkit's standard fonts encode (WinAnsi) beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set(
  [
    402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249,
    8250, 710, 8482, 338, 339, 732, 352, 353, 376, 381, 382,
  ].map((code) => String.fromCharCode(code)),
);
/** Letters that do not decompose into a printable base letter. */
const LOOKALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};
const encodable = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/**
 * Text the label's built-in fonts can print: the standard PDF fonts know WinAnsi only, and
 * anything else would print as garbage. A letter outside it loses its accent when that makes
 * it printable (ő -> o, Ł -> L), anything else becomes '?', control characters a space.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (encodable(ch)) out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else if (/\p{Cc}|\s/u.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(encodable) ? base : '?';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Grey for captions. */
  muted?: boolean;
  align?: 'left' | 'right' | 'center';
}

/**
 * A Code 128 barcode as a PNG, with its quiet zones and an opaque white background; null for
 * text Code 128 cannot carry (it encodes ASCII only): the label then shows the text alone.
 */
export async function code128Png(text: string): Promise<Buffer | null> {
  if (!/^[\x20-\x7e]{1,80}$/.test(text)) return null;
  const bwipjs = await loadBwipJs();
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 10,
    includetext: false,
    // Ten modules of white each side: scanners need the quiet zone to find the code.
    paddingwidth: 10,
    backgroundcolor: 'FFFFFF',
  });
}

/** PNG width in pixels (the IHDR chunk), to size the barcode without decoding it. */
function pngWidth(png: Buffer): number {
  return png.readUInt32BE(16);
}

/**
 * A label document: pages of the 30256 label, each drawn in landscape coordinates. Every text
 * is one line that is cut to its box, so nothing ever runs off the label.
 */
export class LabelCanvas {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;

  /** A new document (pdfkit is loaded on first use: heavy-modules.ts). */
  static async create(title: string): Promise<LabelCanvas> {
    return new LabelCanvas(await loadPdfKit(), title);
  }

  private constructor(PDFDocument: PdfKit, title: string) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      margin: 0,
      info: { Title: printable(title), Creator: 'Campus Store Portal' },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
  }

  newPage(): void {
    this.doc.addPage({ size: LABEL_PAGE_SIZE, margin: 0 });
    // A quarter turn: landscape (x, y) lands on the portrait page at (y, 288 - x).
    this.doc.transform(0, -1, 1, 0, 0, LABEL_PAGE_SIZE[1]);
  }

  /** `text` cut with an ellipsis to `width` at the style's size. */
  fit(text: string, width: number, style: TextStyle): string {
    const clean = printable(text);
    this.font(style);
    if (this.doc.widthOfString(clean) <= width) return clean;
    let low = 0;
    let high = clean.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const candidate = clean.slice(0, mid).trimEnd() + ELLIPSIS;
      if (this.doc.widthOfString(candidate) <= width) low = mid;
      else high = mid - 1;
    }
    return low === 0 ? '' : clean.slice(0, low).trimEnd() + ELLIPSIS;
  }

  /** One line of text in the box from `x` `width` wide, top at `y`. Answers the line height. */
  text(text: string, x: number, y: number, width: number, style: TextStyle): number {
    const line = this.fit(text, width, style);
    const lineWidth = this.doc.widthOfString(line);
    const left =
      style.align === 'right'
        ? x + width - lineWidth
        : style.align === 'center'
          ? x + (width - lineWidth) / 2
          : x;
    this.doc.fillColor(style.muted ? '#444444' : '#000000');
    this.doc.text(line, left, y, { lineBreak: false });
    return style.size * 1.2;
  }

  /**
   * Text at the largest size from `maxSize` down to `minSize` that fits the width whole, cut
   * at `minSize` only when it must (a long street name). Answers the line height.
   */
  largeText(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle & { minSize: number },
  ): number {
    const clean = printable(text);
    let size = style.size;
    for (; size > style.minSize; size -= 0.5) {
      this.font({ ...style, size });
      if (this.doc.widthOfString(clean) <= width) break;
    }
    return this.text(clean, x, y, width, { ...style, size });
  }

  /** A horizontal rule. */
  rule(x: number, y: number, width: number): void {
    this.line(x, y, x + width, y);
  }

  line(x1: number, y1: number, x2: number, y2: number): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.5).strokeColor('#000000').stroke();
  }

  /** A barcode across `width` (narrower when it would print with needlessly wide bars). */
  barcode(png: Buffer, x: number, y: number, width: number, height: number): void {
    // ~1.44 pt per module is 6 dots of a 300 dpi LabelWriter: a comfortable 20 mil bar.
    const modules = pngWidth(png) / 3;
    const drawn = Math.min(width, modules * 1.44);
    this.doc.image(png, x + (width - drawn) / 2, y, { width: drawn, height });
  }

  async toBuffer(): Promise<Buffer> {
    this.doc.end();
    await this.done;
    return Buffer.concat(this.chunks);
  }

  private font(style: TextStyle): void {
    this.doc.font(style.bold ? BOLD : REGULAR).fontSize(style.size);
  }
}

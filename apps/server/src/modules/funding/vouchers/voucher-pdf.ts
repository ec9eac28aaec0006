import { FUNDING_KIND_LABELS, formatMoney, type FundingKind } from '@csp/contracts';
import { usDay, windowText } from '../sources/source-eligibility.ts';
import { loadBwipJs, loadPdfKit } from '../../../lib/heavy-modules.ts';

/** One voucher as printed: who, from what, how much, when, for what, and the code. */
export interface VoucherContent {
  storeName: string;
  studentName: string;
  studentIdNum: string;
  sourceName: string;
  kind: string;
  allocatedCents: number;
  balanceCents: number;
  /** The day the balance is of. */
  asOf: string;
  chargeStartsOn: string;
  chargeEndsOn: string;
  /** What it pays for, in words (source-eligibility.ts). */
  eligibility: string;
  voucherCode: string;
}

/** A promotion's shared code as a store posts it: anyone may use it while uses are left. */
export interface PromotionContent {
  storeName: string;
  sourceName: string;
  code: string;
  amountCents: number;
  useLimit: number;
  usesLeft: number;
  chargeStartsOn: string;
  chargeEndsOn: string;
  eligibility: string;
}

/** US Letter, in points, with a 3/4 inch margin. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;

/**
 * Text pdfkit's standard fonts can print (WinAnsi): accents that do not fit are dropped
 * (ő -> o), anything else becomes '?'. Names come from imports and can hold any script.
 */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      '–—‘’“”•…€→'.includes(ch)
    )
      out += ch === '→' ? '->' : ch;
    else if (/\s|\p{Cc}/u.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** A Code 128 barcode of a voucher or promotion code (ASCII: every one is), with quiet zones. */
async function code128(text: string): Promise<Buffer> {
  const bwipjs = await loadBwipJs();
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: false,
    paddingwidth: 10,
    backgroundcolor: 'FFFFFF',
  });
}

/** A new page and the pen a voucher or a promotion page writes with. */
function newPage(doc: PDFKit.PDFDocument, storeName: string, heading: string) {
  doc.addPage({ size: PAGE, margin: MARGIN });
  const line = (text: string, size: number, opts: { bold?: boolean; muted?: boolean } = {}) => {
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(opts.muted ? '#444444' : '#000000')
      .text(printableText(text), MARGIN, doc.y, { width: WIDTH });
  };
  const gap = (points: number) => {
    doc.y += points;
  };
  const field = (label: string, value: string) => {
    line(label, 9, { muted: true });
    line(value, 13);
    gap(8);
  };
  /** The code in large letters, then its barcode, centred. */
  const code = (text: string, size: number, barcode: Buffer) => {
    doc.font('Courier-Bold').fontSize(size).fillColor('#000000');
    doc.text(printableText(text), MARGIN, doc.y, { width: WIDTH, align: 'center' });
    gap(10);
    const barcodeWidth = 320;
    doc.image(barcode, MARGIN + (WIDTH - barcodeWidth) / 2, doc.y, {
      width: barcodeWidth,
      height: 70,
    });
    doc.y += 86;
  };
  doc.y = MARGIN;
  line(storeName, 22, { bold: true });
  line(heading, 13, { muted: true });
  gap(10);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.75)
    .stroke('#000000');
  gap(16);
  return { line, gap, field, code };
}

function drawVoucher(doc: PDFKit.PDFDocument, v: VoucherContent, barcode: Buffer): void {
  const { line, gap, field, code } = newPage(doc, v.storeName, 'Course materials voucher');
  line(v.studentName, 18, { bold: true });
  line(`Student ID ${v.studentIdNum}`, 12);
  gap(14);
  field(
    'Funding source',
    `${v.sourceName} (${FUNDING_KIND_LABELS[v.kind as FundingKind] ?? v.kind})`,
  );
  field('Amount allocated', formatMoney(v.allocatedCents));
  field(`Balance on ${usDay(v.asOf)}`, formatMoney(v.balanceCents));
  field('Can be used', windowText(v.chargeStartsOn, v.chargeEndsOn));
  field('Pays for', v.eligibility);
  gap(10);
  line('Voucher code', 9, { muted: true });
  code(v.voucherCode, 40, barcode);
  line(
    'Show this voucher at the store counter, or give the code when you order. The balance pays for course materials only; tax and shipping are yours.',
    10,
    { muted: true },
  );
}

/** A promotion's page, to print and post: its code large and as a barcode, and its terms. */
function drawPromotion(doc: PDFKit.PDFDocument, p: PromotionContent, barcode: Buffer): void {
  const { line, gap, field, code } = newPage(doc, p.storeName, 'Course materials promotion');
  line(p.sourceName, 18, { bold: true });
  gap(14);
  line('Promotion code', 9, { muted: true });
  code(p.code, 48, barcode);
  field('Each use pays up to', formatMoney(p.amountCents));
  field('Uses left', `${p.usesLeft} of ${p.useLimit} (one per student)`);
  field('Can be used', windowText(p.chargeStartsOn, p.chargeEndsOn));
  field('Pays for', p.eligibility);
  gap(10);
  line(
    'Give this code at the store counter, or when you order your course materials. It pays for course materials only; tax and shipping are yours.',
    10,
    { muted: true },
  );
}

/**
 * Vouchers as one PDF, a voucher per page, after a promotion's own page when given; `omitted`
 * (vouchers left out of a capped print) adds a last page that says so.
 */
export async function renderVouchers(
  title: string,
  vouchers: readonly VoucherContent[],
  omitted = 0,
  promotion: PromotionContent | null = null,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: MARGIN,
    info: { Title: printableText(title), Creator: 'Campus Store Portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  if (promotion) drawPromotion(doc, promotion, await code128(promotion.code));
  for (const voucher of vouchers) drawVoucher(doc, voucher, await code128(voucher.voucherCode));
  if ((vouchers.length === 0 && !promotion) || omitted > 0) {
    doc.addPage({ size: PAGE, margin: MARGIN });
    doc
      .font('Helvetica')
      .fontSize(13)
      .text(
        vouchers.length === 0
          ? 'This source has no allowances yet: there is no voucher to print.'
          : `${omitted} more vouchers are not in this file: at most ${vouchers.length} print at once. Print the others one by one from the source's allowances.`,
        MARGIN,
        MARGIN,
        { width: WIDTH },
      );
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

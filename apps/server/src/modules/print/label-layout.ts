import { H, MARGIN, W, type LabelCanvas, type TextStyle } from './label-pdf.ts';

/** One item as a label lists it. */
export interface LabelItemLine {
  serial: string;
  isbn: string;
  title: string;
  /** The condition it was returned in (counter-return labels). */
  condition?: string | null;
}

/**
 * Page 1 of both labels: a left block (who, where), a right column (the items) and a band at
 * the bottom (the barcode and its text). Further pages list the items page 1 had no room for.
 */
export const LEFT_WIDTH = 152;
export const COLUMN_X = MARGIN + LEFT_WIDTH + 10;
export const COLUMN_WIDTH = W - MARGIN - COLUMN_X;
/** Where the barcode band starts: the blocks above end before it. */
export const BAND_Y = 104;
const BAND_HEIGHT = 34;

export const CAPTION: TextStyle = { size: 5.5, bold: true, muted: true };

const ITEM_HEIGHT = 15.5;
/** Items listed on page 1 start here, under the column's heading and rule. */
const COLUMN_ITEMS_Y = 36;
const ROW_HEIGHT = 9;
const ROWS_Y = 22;
const ROWS_PER_PAGE = Math.floor((H - MARGIN - ROWS_Y) / ROW_HEIGHT);

/** How the items spread over the labels: how many page 1 shows, and the page count. */
export function itemPages(count: number): { onFirst: number; pages: number } {
  const room = Math.floor((BAND_Y - 2 - COLUMN_ITEMS_Y) / ITEM_HEIGHT);
  // When they do not all fit, the last slot says where the rest are.
  const onFirst = count <= room ? count : room - 1;
  return { onFirst, pages: 1 + Math.ceil((count - onFirst) / ROWS_PER_PAGE) };
}

/** The right column of page 1: its heading, the items that fit, and where the rest are. */
export function itemsColumn(
  c: LabelCanvas,
  heading: string,
  subheading: string,
  items: readonly LabelItemLine[],
): void {
  const { onFirst, pages } = itemPages(items.length);
  c.line(COLUMN_X - 6, MARGIN, COLUMN_X - 6, BAND_Y - 6);
  c.text(heading, COLUMN_X, MARGIN, COLUMN_WIDTH, { size: 7, bold: true });
  c.text(subheading, COLUMN_X, MARGIN + 9, COLUMN_WIDTH, { size: 6 });
  const count = `${items.length} ${items.length === 1 ? 'item' : 'items'}`;
  c.text(
    pages > 1 ? `${count} - label 1 of ${pages}` : count,
    COLUMN_X,
    MARGIN + 16.5,
    COLUMN_WIDTH,
    {
      size: 6,
    },
  );
  c.rule(COLUMN_X, COLUMN_ITEMS_Y - 3, COLUMN_WIDTH);
  let y = COLUMN_ITEMS_Y;
  for (const item of items.slice(0, onFirst)) {
    const serialWidth = item.condition ? COLUMN_WIDTH * 0.5 : COLUMN_WIDTH;
    c.text(item.serial, COLUMN_X, y, serialWidth, { size: 6.5, bold: true });
    if (item.condition) {
      c.text(item.condition, COLUMN_X + serialWidth, y, COLUMN_WIDTH - serialWidth, {
        size: 6.5,
        align: 'right',
      });
    }
    c.text(`${item.isbn} ${item.title}`, COLUMN_X, y + 7.5, COLUMN_WIDTH, { size: 6 });
    y += ITEM_HEIGHT;
  }
  if (onFirst < items.length) {
    const rest = items.length - onFirst;
    c.text(
      `+ ${rest} more on the next ${pages > 2 ? 'labels' : 'label'}`,
      COLUMN_X,
      y,
      COLUMN_WIDTH,
      {
        size: 6.5,
        bold: true,
      },
    );
  }
}

/** The bottom band: a Code 128 across the label and its text under it. */
export function barcodeBand(c: LabelCanvas, png: Buffer | null, text: string): void {
  if (png) c.barcode(png, MARGIN, BAND_Y, W - 2 * MARGIN, BAND_HEIGHT);
  c.text(text, MARGIN, BAND_Y + BAND_HEIGHT + 3, W - 2 * MARGIN, {
    size: 9,
    bold: true,
    align: 'center',
  });
}

/** The pages after the first: the remaining items, one line each, under `heading`. */
export function continuationPages(
  c: LabelCanvas,
  heading: string,
  items: readonly LabelItemLine[],
): void {
  const { onFirst, pages } = itemPages(items.length);
  const rest = items.slice(onFirst);
  const withCondition = rest.some((i) => i.condition);
  const titleWidth = withCondition ? 110 : 158;
  for (let page = 2, start = 0; start < rest.length; page += 1, start += ROWS_PER_PAGE) {
    c.newPage();
    const full = W - 2 * MARGIN;
    c.text(heading, MARGIN, MARGIN, full - 60, { size: 7, bold: true });
    c.text(`label ${page} of ${pages}`, W - MARGIN - 60, MARGIN, 60, { size: 6, align: 'right' });
    c.rule(MARGIN, ROWS_Y - 4, full);
    let y = ROWS_Y;
    for (const item of rest.slice(start, start + ROWS_PER_PAGE)) {
      c.text(item.serial, MARGIN, y, 58, { size: 7, bold: true });
      c.text(item.isbn, MARGIN + 60, y, 60, { size: 7 });
      c.text(item.title, MARGIN + 122, y, titleWidth - 4, { size: 7 });
      if (item.condition) {
        c.text(item.condition, MARGIN + 122 + titleWidth, y, full - 122 - titleWidth, {
          size: 7,
          align: 'right',
        });
      }
      y += ROW_HEIGHT;
    }
  }
}

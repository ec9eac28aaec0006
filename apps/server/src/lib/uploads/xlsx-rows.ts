import { decodeEscapes, numberText, serialDay, type NumberStyle } from './cell-text.ts';
import type { SheetRow } from './row-limits.ts';
import { SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';
import { workbookInfo, type WorkbookInfo } from './workbook-parts.ts';
import { parseXmlChunks } from './xml-part.ts';
import { openWorkbookZip } from './zip-parts.ts';

/** "B12" -> 2: a cell reference's column (1-based), or 0 when it has none. */
function columnOf(ref: string | undefined): number {
  let column = 0;
  for (const ch of ref ?? '') {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

interface CellState {
  column: number;
  type: string;
  style: number;
  /** The text of <v> or of an inline string's <t> runs, as it is read. */
  text: string;
  hasValue: boolean;
}

/** A cell's text, the way a spreadsheet exports it (cell-text.ts). */
function cellText(cell: CellState, book: WorkbookInfo, numbers: NumberStyle): string | null {
  if (!cell.hasValue) return '';
  const raw = cell.text;
  switch (cell.type) {
    case 's': {
      const shared = book.sharedStrings[Number.parseInt(raw, 10)];
      return shared === undefined ? '' : shared;
    }
    case 'inlineStr':
      return decodeEscapes(raw);
    case 'str':
    case 'e':
      return raw;
    case 'b':
      return Number.parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'd': {
      const day = new Date(raw);
      return Number.isNaN(day.getTime()) ? raw : day.toISOString().slice(0, 10);
    }
    default: {
      if (raw.trim() === '') return '';
      const value = Number.parseFloat(raw);
      if (Number.isNaN(value)) return raw;
      return book.dateStyles.has(cell.style)
        ? serialDay(value, book.date1904)
        : numberText(value, numbers);
    }
  }
}

/**
 * The first sheet's rows, streamed from the zip (yauzl) through saxes: nothing but the shared
 * texts and the row being read is held. Each cell is refused as soon as it grows past the
 * kind's limit, naming its row and column.
 */
export async function* xlsxRows(
  path: string,
  limits: UploadLimits,
  numbers: NumberStyle,
): AsyncGenerator<SheetRow> {
  const book = await openWorkbookZip(path, limits);
  try {
    const info = await workbookInfo(book, limits);
    const ready: SheetRow[] = [];
    let rowNumber = 0;
    let cells: string[] = [];
    let cell: CellState | null = null;
    let capturing = false;
    let phonetic = 0;
    const tooLong = () => new SheetLimitError(M.cellTooLong(limits, rowNumber, cell?.column ?? 1));
    const chunks = parseXmlChunks(
      book,
      info.sheetPath,
      limits,
      {
        open(name, a) {
          if (name === 'row') {
            const r = Number.parseInt(a['r'] ?? '', 10);
            rowNumber = Number.isFinite(r) && r > 0 ? r : rowNumber + 1;
            cells = [];
          } else if (name === 'c') {
            const column = columnOf(a['r']) || cells.length + 1;
            cell = {
              column,
              type: a['t'] ?? 'n',
              style: Number(a['s'] ?? 0),
              text: '',
              hasValue: false,
            };
          } else if (cell && (name === 'v' || (name === 't' && phonetic === 0))) {
            capturing = true;
            cell.hasValue = true;
          } else if (name === 'rPh') phonetic++;
        },
        text(value) {
          if (!capturing || !cell) return;
          cell.text += value;
          if (cell.text.length > limits.maxCellChars) throw tooLong();
        },
        close(name) {
          if (name === 'v' || name === 't') capturing = false;
          else if (name === 'rPh') phonetic--;
          else if (name === 'c' && cell) {
            const text = cellText(cell, info, numbers);
            if (text === null) throw tooLong();
            if (text !== '') {
              if (cell.column > limits.maxColumns) {
                throw new SheetLimitError(M.tooManyColumns(limits, rowNumber, cell.column));
              }
              while (cells.length < cell.column - 1) cells.push('');
              cells[cell.column - 1] = text;
            } else if (cell.column > cells.length && cell.column <= limits.maxColumns) {
              // An empty cell still moves the next cell without a reference one column on.
              while (cells.length < cell.column) cells.push('');
            }
            cell = null;
          } else if (name === 'row') {
            ready.push({ rowNumber, cells: trimTrailing(cells) });
          }
        },
      },
      tooLong,
    );
    // The rows a chunk completed are handed on before the next chunk is read.
    for await (const _chunk of chunks) {
      for (const row of ready) yield row;
      ready.length = 0;
    }
  } finally {
    book.zip.close();
  }
}

/** Cells up to the last one holding anything, as a spreadsheet exports a row. */
function trimTrailing(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return end === cells.length ? cells : cells.slice(0, end);
}

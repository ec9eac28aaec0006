import { isBlankRow } from './cell-text.ts';
import { SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';

export interface SheetRow {
  /** As a spreadsheet shows it: the header is row 1 when nothing is above it. */
  rowNumber: number;
  /** Up to the last cell holding anything (a CSV record: every cell it has). */
  cells: string[];
}

/**
 * The limits every row of a file passes, CSV or workbook, as it is read: blank rows are left
 * out (nobody reads them), the first row holding anything is the header, and the rows after it
 * are counted. Each limit stops the read with a message naming it.
 */
export class RowLimits {
  private seenHeader = false;
  private textChars = 0;
  /** Rows after the header. */
  dataRows = 0;

  constructor(private readonly limits: UploadLimits) {}

  /**
   * Whether the row is kept (false: blank); throws when it breaks a limit. Blank cells past the
   * last column a row may use are dropped from `row.cells` here, in the reading thread: a line
   * of a million commas is one empty row, not a million cells for the server to take in.
   */
  accept(row: SheetRow): boolean {
    const { limits } = this;
    if (isBlankRow(row.cells)) return false;
    let chars = 0;
    for (let i = 0; i < row.cells.length; i++) {
      const cell = row.cells[i] ?? '';
      if (cell.length > limits.maxCellChars) {
        throw new SheetLimitError(M.cellTooLong(limits, row.rowNumber, i + 1));
      }
      if (i >= limits.maxColumns && cell.trim() !== '') {
        throw new SheetLimitError(M.tooManyColumns(limits, row.rowNumber, i + 1));
      }
      chars += cell.length;
    }
    if (row.cells.length > limits.maxColumns) row.cells.length = limits.maxColumns;
    if (chars > limits.maxRowChars) throw new SheetLimitError(M.rowTooLong(limits, row.rowNumber));
    this.textChars += chars;
    if (this.textChars > limits.maxTextChars) throw new SheetLimitError(M.tooMuchText(limits));
    if (!this.seenHeader) {
      this.seenHeader = true;
      return true;
    }
    if (++this.dataRows > limits.maxRows) throw new SheetLimitError(M.tooManyRows(limits));
    return true;
  }
}

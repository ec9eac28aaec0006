/**
 * Why a file could not be read. The reading thread sends the kind and the message; the thread
 * that asked turns them back into these. Messages are the user's to read.
 */
export type SheetProblemKind = 'limit' | 'format';

export abstract class SheetReadError extends Error {
  abstract readonly kind: SheetProblemKind;
}

/** The file breaks one of its kind's limits (too large, too many rows, a cell too long). */
export class SheetLimitError extends SheetReadError {
  readonly kind = 'limit';
}

/** The file is not what its name says: not CSV, not a workbook, a damaged workbook. */
export class SheetFormatError extends SheetReadError {
  readonly kind = 'format';
}

export function sheetError(kind: SheetProblemKind, message: string): SheetReadError {
  return kind === 'limit' ? new SheetLimitError(message) : new SheetFormatError(message);
}

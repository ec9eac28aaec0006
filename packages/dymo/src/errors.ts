export type DymoErrorCode =
  | 'SERVICE_UNREACHABLE'
  | 'DISCOVERY_IN_PROGRESS'
  | 'NO_LABEL_XML'
  | 'UNKNOWN_PRINTER'
  | 'NON_CONTINUOUS_LABEL'
  | 'BAD_BARCODE_POSITION'
  | 'BAD_LABEL_LENGTH'
  | 'TIMEOUT'
  | 'SERVICE_ERROR'
  | 'NO_PRINTER'
  | 'CHUNK_RETRIES_EXHAUSTED';

/** Every failure of this package: `code` to branch on, `message` to show the clerk. */
export class DymoError extends Error {
  readonly code: DymoErrorCode;
  /** The HTTP status of a SERVICE_ERROR. */
  readonly status?: number;

  constructor(code: DymoErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'DymoError';
    this.code = code;
    if (status !== undefined) this.status = status;
  }
}

export function isDymoError(error: unknown, code?: DymoErrorCode): error is DymoError {
  return error instanceof DymoError && (code === undefined || error.code === code);
}

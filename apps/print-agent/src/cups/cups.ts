/** A print queue as CUPS reports it (the fields of the docs/behaviour/calls.md#local-print-service printer list but isDefault). */
export interface CupsPrinter {
  name: string;
  /** lpstat's Description, or the name when the queue has none. */
  description: string;
  state: 'idle' | 'printing' | 'stopped';
  accepting: boolean;
  /** CUPS's message when the queue is stopped or rejecting jobs, '' otherwise. */
  reason: string;
}

export interface PrintJobInput {
  printer: string;
  /** The job's title (what the queue and the printer's display show). */
  title: string;
  pdf: Uint8Array;
}

/**
 * The workstation's printing system. The real one runs CUPS's commands (system-cups.ts);
 * HTTP tests inject another so they run on machines without CUPS.
 */
export interface Cups {
  /** Every queue, sorted as lpstat lists them; [] when CUPS has none. */
  printers(): Promise<CupsPrinter[]>;
  /** CUPS's default destination (lpstat -d), or null when it has none. */
  cupsDefault(): Promise<string | null>;
  /** Queues the PDF and answers CUPS's job id, e.g. "PDF-12". */
  print(job: PrintJobInput): Promise<string>;
}

/**
 * Why CUPS could not do what was asked: `unavailable` (not installed, scheduler not running,
 * no answer), `unknown-printer`, `refused` (the queue rejects jobs) or `failed` (anything else
 * CUPS said). The message is meant for the clerk.
 */
export type CupsErrorKind = 'unavailable' | 'unknown-printer' | 'refused' | 'failed';

export class CupsError extends Error {
  override name = 'CupsError';

  constructor(
    readonly kind: CupsErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function isCupsError(error: unknown): error is CupsError {
  return error instanceof CupsError;
}

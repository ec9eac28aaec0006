import { AppError } from '@csp/http-kit';
import { isCupsError, type Cups, type CupsPrinter } from './cups/cups.ts';
import type { StateStore } from './state-store.ts';

/** What the routes need to know about printers: CUPS and the agent's own choice. */
export interface PrinterDeps {
  cups: Cups;
  state: StateStore;
}

/** CUPS's failures as answers: a missing or silent CUPS is a 503 that says so. */
export async function askCups<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isCupsError(error)) throw error;
    throw error.kind === 'unknown-printer'
      ? AppError.conflict(error.message)
      : AppError.unavailable(error.message);
  }
}

/** Where labels go: the printer picked with PUT defaultPrinter, else CUPS's default, else null. */
export async function labelPrinter({ cups, state }: PrinterDeps): Promise<string | null> {
  return state.defaultPrinter ?? (await askCups(() => cups.cupsDefault()));
}

/** CUPS queue names are case-insensitive: "pdf" picks the queue CUPS calls "PDF". */
export function findPrinter(printers: CupsPrinter[], name: string): CupsPrinter | undefined {
  return (
    printers.find((p) => p.name === name) ??
    printers.find((p) => p.name.toLowerCase() === name.toLowerCase())
  );
}

/**
 * The queue a label goes to, checked before anything is downloaded: one must be chosen (409),
 * still exist (409) and be able to print now (503 with CUPS's reason). A stopped queue would
 * take the job and hold it, and the clerk would wait for a label that never comes.
 */
export async function readyLabelPrinter(deps: PrinterDeps): Promise<CupsPrinter> {
  const name = await labelPrinter(deps);
  if (name === null) {
    throw AppError.conflict(
      'No printer is picked for labels and CUPS has no default printer: pick one (PUT defaultPrinter).',
    );
  }
  const printer = findPrinter(await askCups(() => deps.cups.printers()), name);
  if (!printer) {
    throw AppError.conflict(
      `The printer ${name} chosen for labels is not set up in CUPS any more: pick another one.`,
    );
  }
  const because = printer.reason ? `: ${printer.reason}` : '';
  if (printer.state === 'stopped') {
    throw AppError.unavailable(
      `The printer ${printer.name} is stopped${because}. Resume it in CUPS (cupsenable ${printer.name}) and print again.`,
    );
  }
  if (!printer.accepting) {
    throw AppError.unavailable(
      `The printer ${printer.name} refuses new jobs${because}. Let it accept jobs again in CUPS (cupsaccept ${printer.name}) and print again.`,
    );
  }
  return printer;
}

/**
 * How long a service that could not be reached is taken as still unreachable. Each refused
 * probe is an error in the browser's console (DYMO Connect alone is asked on twenty addresses),
 * so the returns of a desk session and the printer panel share one probe every few minutes
 * rather than one per label. A clerk who starts a service meanwhile is told on the next label
 * why it opened in a tab, and "Check printers", then "Check again", asks every service at once.
 */
export const PRINTER_PROBE_MEMORY_MS = 5 * 60_000;

/** A probe of one service that remembers, for a short while, that it could not be reached. */
export interface PrinterProbe<T> {
  /**
   * Asks the service, or fails at once with the reason it failed moments ago, sending nothing.
   * Calls made while one runs share it.
   */
  run(): Promise<T>;
  forget(): void;
}

const probes = new Set<PrinterProbe<unknown>>();

/**
 * `isUnreachable` tells a service that is not there (worth remembering) from one that answered
 * with a refusal or took too long (asked again next time, as before).
 */
export function printerProbe<T>(
  ask: () => Promise<T>,
  isUnreachable: (error: unknown) => boolean,
): PrinterProbe<T> {
  let running: Promise<T> | null = null;
  let unreachable: { error: unknown; at: number } | null = null;
  const probe: PrinterProbe<T> = {
    run() {
      if (unreachable && Date.now() - unreachable.at < PRINTER_PROBE_MEMORY_MS) {
        return Promise.reject(unreachable.error);
      }
      running ??= ask()
        .then(
          (answer) => {
            unreachable = null;
            return answer;
          },
          (error: unknown) => {
            unreachable = isUnreachable(error) ? { error, at: Date.now() } : null;
            throw error;
          },
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
    forget() {
      unreachable = null;
    },
  };
  probes.add(probe);
  return probe;
}

/** Forgets every service found unreachable: the next check or print asks them all again. */
export function forgetPrinterProbes(): void {
  for (const probe of probes) probe.forget();
}

import {
  apiError,
  getLocalDefaultPrinter,
  LOCAL_PRINT_HEALTH_TIMEOUT_MS,
  LOCAL_PRINT_ORIGIN,
  localHealthCheck,
  localPrinters,
  printLocalLabel,
  setLocalDefaultPrinter,
  type Endpoint,
  type LocalPrintHealth,
  type LocalPrinter,
  type LocalPrintJob,
} from '@csp/contracts';
import type { z } from 'zod';
import { printerProbe } from './printer-probes.ts';

/**
 * How long a command to the local print service may take: longer than the agent's own worst
 * case (two lpstat calls, the label download and lp, each with its own time-out), so that the
 * browser never gives up on a label the agent is still printing.
 */
export const LOCAL_PRINT_COMMAND_TIMEOUT_MS = 60_000;

/**
 * The local print service refused (`status` its HTTP status), could not be reached (0) or did
 * not answer in time (-1: it may still print).
 */
export class LocalPrintError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'LocalPrintError';
  }
}

async function call<R extends z.ZodType>(
  contract: Endpoint<z.ZodType, z.ZodType, z.ZodType, R>,
  query: Record<string, string>,
  timeoutMs: number,
  origin: string,
): Promise<z.output<R>> {
  const search = new URLSearchParams(query).toString();
  const url = `${origin}${contract.path}${search ? `?${search}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: contract.method,
      signal: AbortSignal.timeout(timeoutMs),
      // Never the portal's cookies or token: the service needs neither.
      credentials: 'omit',
    });
  } catch (error) {
    // By name: the DOMException of the fetch may come from another realm (a test's jsdom).
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new LocalPrintError(timedOut ? 'timeout' : 'unreachable', timedOut ? -1 : 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiError.safeParse(body);
    throw new LocalPrintError(
      parsed.success ? parsed.data.message : `HTTP ${response.status}`,
      response.status,
    );
  }
  const parsed = contract.response.safeParse(body);
  if (!parsed.success) {
    throw new LocalPrintError(
      'The local print service answered in a way this portal does not understand: update it.',
      response.status,
    );
  }
  return parsed.data;
}

/**
 * docs/behaviour/calls.md#local-print-service, called from the browser. The health check gives up after
 * 750 ms (docs/behaviour/constants.md): a workstation without the service must not slow a return down.
 */
export function localPrintClient(origin: string = LOCAL_PRINT_ORIGIN) {
  return {
    origin,
    healthCheck: (): Promise<LocalPrintHealth> =>
      call(localHealthCheck, {}, LOCAL_PRINT_HEALTH_TIMEOUT_MS, origin),
    printers: (): Promise<LocalPrinter[]> =>
      call(localPrinters, {}, LOCAL_PRINT_COMMAND_TIMEOUT_MS, origin),
    defaultPrinter: (): Promise<string | null> =>
      call(getLocalDefaultPrinter, {}, LOCAL_PRINT_COMMAND_TIMEOUT_MS, origin).then(
        (r) => r.printerName,
      ),
    setDefaultPrinter: (printerName: string): Promise<string | null> =>
      call(setLocalDefaultPrinter, { printerName }, LOCAL_PRINT_COMMAND_TIMEOUT_MS, origin).then(
        (r) => r.printerName,
      ),
    printLabel: (labelUrl: string): Promise<LocalPrintJob> =>
      call(printLocalLabel, { labelUrl }, LOCAL_PRINT_COMMAND_TIMEOUT_MS, origin),
  };
}
export type LocalPrintClient = ReturnType<typeof localPrintClient>;

const agentHealth = printerProbe(
  () => localPrintClient().healthCheck(),
  // Only "nothing answered": a slow answer is not remembered, the service may be busy printing.
  (error) => error instanceof LocalPrintError && error.status === 0,
);

/**
 * The health check of the service on this workstation, shared by the print chain and the
 * printer panel: a service that could not be reached moments ago is not asked again.
 */
export function probeAgentHealth(): Promise<LocalPrintHealth> {
  return agentHealth.run();
}

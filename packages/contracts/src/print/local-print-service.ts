import { z } from 'zod';
import { endpoint, type Endpoint } from '../common/endpoint.ts';

/**
 * docs/behaviour/calls.md#local-print-service: the small service a store runs on each counter workstation
 * (apps/print-agent). The browser calls it directly, so its paths are relative to its own
 * origin, never the portal's. None of its calls carries an Auth-Token: it answers only the
 * portal origins it was configured to trust (CORS), and prints only labels downloaded from them.
 */

/** docs/behaviour/constants.md: the port the service listens on. */
export const LOCAL_PRINT_PORT = 9090;
/** docs/behaviour/calls.md, docs/behaviour/constants.md: the health check gives up after 750 ms, so a missing service costs little. */
export const LOCAL_PRINT_HEALTH_TIMEOUT_MS = 750;
/** Where the web app finds the service: the loopback address, as the CSP allows (ADR 0009). */
export const LOCAL_PRINT_ORIGIN = `http://127.0.0.1:${LOCAL_PRINT_PORT}`;

const BASE = '/api/v1/omniprint';

export const localPrintHealth = z.object({
  status: z.literal('UP'),
  /** The agent's version, shown in the printer panel. */
  version: z.string(),
  /** The printer labels go to now: the one picked with PUT defaultPrinter, else CUPS's default. */
  defaultPrinter: z.string().nullable(),
});
export type LocalPrintHealth = z.infer<typeof localPrintHealth>;

export const localPrinter = z.object({
  /** The CUPS queue name: what PUT defaultPrinter takes. */
  name: z.string(),
  /** The queue's description (lpstat's "Description"), or the name when it has none. */
  description: z.string(),
  /** idle, printing, or stopped (a stopped queue holds jobs and prints nothing). */
  state: z.enum(['idle', 'printing', 'stopped']),
  /** Whether the queue accepts new jobs (cupsaccept / cupsreject). */
  accepting: z.boolean(),
  /** Why CUPS says it is stopped or rejecting, when it says so ('' otherwise). */
  reason: z.string(),
  isDefault: z.boolean(),
});
export type LocalPrinter = z.infer<typeof localPrinter>;

export const localDefaultPrinter = z.object({ printerName: z.string().nullable() });

export const localPrintJob = z.object({
  /** CUPS's job id, e.g. "PDF-12". */
  jobId: z.string(),
  printerName: z.string(),
});
export type LocalPrintJob = z.infer<typeof localPrintJob>;

export const localHealthCheck = endpoint({
  method: 'GET',
  path: `${BASE}/healthCheck`,
  summary: 'Whether the local print service runs, its version, and the printer labels go to',
  auth: false,
  access: { kind: 'printAgent' },
  response: localPrintHealth,
});

export const localPrinters = endpoint({
  method: 'GET',
  path: `${BASE}/printers`,
  summary: "The workstation's printers as CUPS knows them",
  auth: false,
  access: { kind: 'printAgent' },
  response: z.array(localPrinter),
});

export const getLocalDefaultPrinter = endpoint({
  method: 'GET',
  path: `${BASE}/defaultPrinter`,
  summary: 'The printer labels go to (null when none is picked and CUPS has no default)',
  auth: false,
  access: { kind: 'printAgent' },
  response: localDefaultPrinter,
});

export const setLocalDefaultPrinter = endpoint({
  method: 'PUT',
  path: `${BASE}/defaultPrinter`,
  summary:
    'Picks the printer labels go to (kept by the service across restarts; 404 for a printer CUPS does not know)',
  auth: false,
  access: { kind: 'printAgent' },
  query: z.object({ printerName: z.string().trim().min(1, 'Pick a printer').max(127) }),
  response: localDefaultPrinter,
});

export const printLocalLabel = endpoint({
  method: 'POST',
  path: `${BASE}/printLabel`,
  summary:
    'Downloads a label PDF from a trusted portal origin and sends it to the default printer. 403 for a URL of another origin; 409 when no printer is picked; 502 when the label cannot be downloaded; 503 when the printer is stopped or refuses jobs',
  auth: false,
  access: { kind: 'printAgent' },
  query: z.object({ labelUrl: z.url({ protocol: /^https?$/ }) }),
  response: localPrintJob,
});

/** The local print service's calls: served by apps/print-agent, never by the portal's server. */
export const LOCAL_PRINT_ENDPOINTS: readonly Endpoint[] = [
  localHealthCheck,
  localPrinters,
  getLocalDefaultPrinter,
  setLocalDefaultPrinter,
  printLocalLabel,
];

import type { LabelContent } from '@csp/contracts';
import type * as Dymo from '@csp/dymo';
import type { DymoPrinter } from '@csp/dymo';
import { printerProbe } from './printer-probes.ts';

type DymoModule = typeof Dymo;

/** docs/behaviour/constants.md: the label-printer script must load within 5 s. */
export const DYMO_SCRIPT_TIMEOUT_MS = 5000;
export const DYMO_SCRIPT_TIMEOUT_MESSAGE =
  'The DYMO printing script did not load in time. Check the connection to the portal and try again.';
/** The DYMO printer the clerk picked in the printer panel, kept per browser. */
export const DYMO_PRINTER_KEY = 'dymoPrinter';

let loading: Promise<DymoModule> | null = null;

/**
 * The DYMO client is a chunk of its own, loaded the first time a label goes to DYMO (most
 * counters print through the local print service and never need it). A load that fails or
 * takes over 5 s is reported, and the next print tries again.
 */
export function loadDymo(timeoutMs = DYMO_SCRIPT_TIMEOUT_MS): Promise<DymoModule> {
  if (!loading) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(DYMO_SCRIPT_TIMEOUT_MESSAGE)), timeoutMs);
    });
    loading = Promise.race([import('@csp/dymo'), timeout]).finally(() => clearTimeout(timer));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let client: InstanceType<DymoModule['DymoClient']> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * One DYMO call at a time on this page: DYMO Connect's client refuses commands while a
 * discovery runs, and the printer panel and a return's labels may both be talking to it.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function dymoClient() {
  const dymo = await loadDymo();
  // One client per page: it remembers where the service answered (localStorage, as DYMO's own
  // framework does), so the next page finds it at once.
  client ??= new dymo.DymoClient({ storage: storage() });
  return { dymo, client };
}

/**
 * The printers DYMO Connect sees. Finding the service asks it on twenty addresses, so when none
 * answered that is remembered for a moment (printer-probes.ts), not asked again per call.
 */
const printersProbe = printerProbe(
  async () => (await dymoClient()).client.getPrinters(),
  (error) => (error as Partial<Dymo.DymoError> | null)?.code === 'SERVICE_UNREACHABLE',
);

export interface DymoStatus {
  origin: string;
  checkUrl: string;
  printers: DymoPrinter[];
  /** The printer labels go to (the picked one if present), or null when none is a LabelWriter. */
  chosen: DymoPrinter | null;
}

export function preferredDymoPrinter(): string | null {
  return storage()?.getItem(DYMO_PRINTER_KEY) ?? null;
}

export function setPreferredDymoPrinter(name: string): void {
  storage()?.setItem(DYMO_PRINTER_KEY, name);
}

/** Where DYMO Connect answers and the printers it sees; throws its reason when unreachable. */
export function dymoStatus(): Promise<DymoStatus> {
  return oneAtATime(async () => {
    const { dymo, client: c } = await dymoClient();
    // Discovers only when no service is known, or the known one stopped answering.
    const printers = await printersProbe.run();
    return {
      origin: c.service?.origin ?? '',
      checkUrl: c.certificateCheckUrl(),
      printers,
      chosen: dymo.pickLabelPrinter(printers, preferredDymoPrinter()),
    };
  });
}

/**
 * The LabelWriter labels go to: the picked one if DYMO Connect still sees it, else the first
 * connected, else one reporting IsConnected=False (newer services do for working printers).
 * Throws the reason when there is none (docs/behaviour/messages.md: 'No DYMO Label printer found and/or SDK is
 * not Installed') or DYMO Connect cannot be reached.
 */
export function dymoLabelPrinter(): Promise<string> {
  return oneAtATime(async () => {
    const { dymo } = await dymoClient();
    const printer = dymo.pickLabelPrinter(await printersProbe.run(), preferredDymoPrinter());
    if (!printer) throw new dymo.DymoError('NO_PRINTER', dymo.DYMO_MESSAGES.noPrinter);
    return printer.name;
  });
}

/** Prints a label's content on a DYMO LabelWriter as a 30256 shipping label. */
export function printContentOnDymo(printer: string, content: LabelContent): Promise<void> {
  return oneAtATime(async () => {
    const { dymo, client: c } = await dymoClient();
    const labelXml = dymo.shippingLabel30256Xml({
      addressLines: content.addressLines,
      textLines: content.textLines,
      barcode: content.barcode,
      barcodePosition: 'Suppress',
    });
    await c.printLabel(
      printer,
      dymo.printParamsXml({ copies: 1, jobTitle: content.jobTitle }),
      labelXml,
      '',
    );
  });
}

/** Prints a label's content on the DYMO printer labels go to; answers its name. */
export async function printOnDymo(content: LabelContent): Promise<{ printer: string }> {
  const printer = await dymoLabelPrinter();
  await printContentOnDymo(printer, content);
  return { printer };
}

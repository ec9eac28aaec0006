import type { FastifyInstance } from 'fastify';
import {
  getLocalDefaultPrinter,
  localHealthCheck,
  localPrinters,
  printLocalLabel,
  setLocalDefaultPrinter,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { downloadLabel, type DownloadLimits } from './label-download.ts';
import {
  askCups,
  findPrinter,
  labelPrinter,
  readyLabelPrinter,
  type PrinterDeps,
} from './printers.ts';
import { route } from './route.ts';

/** How long the health check waits for CUPS's default: well within the browser's 750 ms. */
export const HEALTH_CUPS_BUDGET_MS = 400;

export interface RouteDeps extends PrinterDeps {
  version: string;
  portalOrigins: readonly string[];
  download: DownloadLimits;
}

/** docs/behaviour/calls.md#local-print-service: the five calls, exactly as the contracts define them. */
export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { cups, state } = deps;
  const trusted = new Set(deps.portalOrigins);

  // The agent is up whenever it answers: a CUPS that cannot name its default (or is slow to)
  // does not change that, and the browser gives up on the check after 750 ms.
  route(app, localHealthCheck, async () => ({
    status: 'UP' as const,
    version: deps.version,
    defaultPrinter: await within(HEALTH_CUPS_BUDGET_MS, labelPrinter(deps), null).catch(() => null),
  }));

  route(app, localPrinters, async () => {
    const [printers, current] = await Promise.all([
      askCups(() => cups.printers()),
      labelPrinter(deps),
    ]);
    const chosen = current === null ? undefined : findPrinter(printers, current);
    return printers.map((p) => ({ ...p, isDefault: p === chosen }));
  });

  route(app, getLocalDefaultPrinter, async () => ({ printerName: await labelPrinter(deps) }));

  route(app, setLocalDefaultPrinter, async ({ query, request }) => {
    const printer = findPrinter(await askCups(() => cups.printers()), query.printerName);
    if (!printer) {
      throw AppError.notFound(`CUPS has no printer named ${query.printerName}.`, 'printerName');
    }
    await state.setDefaultPrinter(printer.name);
    request.log.info({ printer: printer.name }, 'printer picked for labels');
    return { printerName: printer.name };
  });

  route(app, printLocalLabel, async ({ query, request }) => {
    const url = new URL(query.labelUrl);
    if (url.username || url.password) {
      throw AppError.badRequest('labelUrl must not carry a user name or password.', 'labelUrl');
    }
    if (!trusted.has(url.origin)) {
      throw AppError.forbidden(
        `Labels are printed only from the portals this service trusts, not from ${url.origin}.`,
        'labelUrl',
      );
    }
    const printer = await readyLabelPrinter(deps);
    const label = await downloadLabel(url, deps.download);
    const jobId = await askCups(() =>
      cups.print({ printer: printer.name, title: label.title, pdf: label.pdf }),
    );
    // The label's origin only: its URL is the key to the label and stays out of the logs.
    request.log.info(
      { printer: printer.name, jobId, labelOrigin: url.origin, bytes: label.pdf.byteLength },
      'label sent to the printer',
    );
    return { jobId, printerName: printer.name };
  });
}

/** `promise`'s value, or `fallback` when it takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

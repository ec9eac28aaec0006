import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NumberStyle } from './cell-text.ts';
import type { CsvDialect } from './csv-dialect.ts';
import type { SheetRow } from './row-limits.ts';
import { SheetLimitError, sheetError } from './sheet-errors.ts';
import type { SheetJob, SheetMessage } from './sheet-worker.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';

export type { SheetRow } from './row-limits.ts';

export interface SheetReadOptions {
  limits: UploadLimits;
  /** How a number that is not whole reads: as stored, or to the cent when it is one (amounts). */
  numbers: NumberStyle;
  /**
   * A CSV file's separator and encoding (detectCsvDialect's, or the uploader's choice): UTF-8
   * with commas when not given.
   */
  csv?: CsvDialect;
}

/**
 * The built thread when this module runs in the server `npm start` builds (the build's banner
 * defines it: scripts/build-server.mjs), otherwise the TypeScript source through tsx (tests,
 * scripts).
 */
declare const BUILT_SHEET_WORKER: URL | undefined;
const WORKER_FILE: URL | string =
  typeof BUILT_SHEET_WORKER === 'undefined'
    ? fileURLToPath(new URL('./sheet-worker.ts', import.meta.url))
    : BUILT_SHEET_WORKER;

/** An idle reading thread is kept this long for the next file (starting one takes a while). */
const IDLE_MS = 30_000;

/**
 * A thread that reads files (sheet-worker.ts), its heap capped at `heapMiB`. Under tsx (tests,
 * scripts) the ESM hooks do not reach worker threads on Node 20: the thread registers tsx's
 * CommonJS hook, then loads the worker.
 */
function startWorker(heapMiB: number): Worker {
  const options = {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: heapMiB, maxYoungGenerationSizeMb: 16 },
  };
  if (typeof WORKER_FILE !== 'string') return new Worker(WORKER_FILE, options);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(WORKER_FILE)});`;
  return new Worker(code, { ...options, eval: true });
}

/** Idle threads by heap size, one kept per size; a thread in use is nobody else's. */
const idle = new Map<number, { worker: Worker; timer: NodeJS.Timeout; onExit: () => void }>();

const ignoreIdleFailure = () => undefined;

function takeWorker(heapMiB: number): Worker {
  const kept = idle.get(heapMiB);
  if (!kept) return startWorker(heapMiB);
  idle.delete(heapMiB);
  clearTimeout(kept.timer);
  kept.worker.off('error', ignoreIdleFailure).off('exit', kept.onExit).ref();
  return kept.worker;
}

function keepWorker(heapMiB: number, worker: Worker): void {
  if (idle.has(heapMiB)) {
    void worker.terminate();
    return;
  }
  // A thread that fails while idle is simply not used again (the next read starts another).
  const onExit = () => {
    if (idle.get(heapMiB)?.worker === worker) idle.delete(heapMiB);
  };
  worker.on('error', ignoreIdleFailure).on('exit', onExit).unref();
  const timer = setTimeout(() => {
    idle.delete(heapMiB);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.set(heapMiB, { worker, timer, onExit });
}

type Received = SheetMessage | { failure: Error } | { exit: number };

/**
 * The messages of one read, one at a time. The thread goes back to the idle pool when the read
 * ended as it should (its last message came), and is ended otherwise (the caller broke off, the
 * thread failed or ran out of its heap).
 */
async function* messages(job: SheetJob): AsyncGenerator<SheetMessage, void, undefined> {
  const heapMiB = job.limits.workerHeapMiB;
  const worker = takeWorker(heapMiB);
  const queue: Received[] = [];
  let wake: (() => void) | null = null;
  const push = (received: Received) => {
    queue.push(received);
    wake?.();
  };
  const onMessage = (message: SheetMessage) => push(message);
  const onError = (failure: Error) => push({ failure });
  const onExit = (exit: number) => push({ exit });
  worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  let finished = false;
  try {
    worker.postMessage({ job });
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const received = queue.shift() as Received;
      if ('failure' in received) {
        if ((received.failure as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new SheetLimitError(M.tooMuchMemory(job.limits));
        }
        throw received.failure;
      }
      if ('exit' in received)
        throw new Error(`the file's reading thread stopped (${received.exit})`);
      if ('error' in received) {
        finished = true;
        throw sheetError(received.error.kind, received.error.message);
      }
      if ('end' in received) finished = true;
      yield received;
      if (finished) return;
      worker.postMessage('more');
    }
  } finally {
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (finished) keepWorker(heapMiB, worker);
    else void worker.terminate();
  }
}

/**
 * The rows of an uploaded file (CSV, or an .xlsx's first sheet), read in a worker thread with
 * its kind's limits: the event loop never parses, and a file over a limit stops with a
 * SheetLimitError naming it (a file that is not what it says: SheetFormatError). Blank rows are
 * left out; the first row is the header.
 */
export async function* readSheetRows(
  path: string,
  type: 'csv' | 'xlsx',
  options: SheetReadOptions,
): AsyncGenerator<SheetRow> {
  for await (const message of messages({ path, type, ...options, mode: 'rows' })) {
    if ('rows' in message) yield* message.rows;
  }
}

/** Reads the whole file within its limits, sending nothing back: answers its data rows. */
export async function countSheetRows(
  path: string,
  type: 'csv' | 'xlsx',
  options: SheetReadOptions,
): Promise<number> {
  for await (const message of messages({ path, type, ...options, mode: 'count' })) {
    if ('end' in message) return message.end.dataRows;
  }
  throw new Error('the reading thread ended without a count');
}

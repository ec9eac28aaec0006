import type { CupsPrinter } from './cups.ts';

/*
 * Parsers of CUPS's command output in the C locale (the commands run with LC_ALL=C, so these
 * English texts are stable). Samples in lpstat-parse.test.ts are captured from CUPS 2.4.
 */

type QueueState = Pick<CupsPrinter, 'name' | 'description' | 'state'> & { message: string };

/** lpstat prints this instead of a message for a stopped queue that gave none. */
const NO_REASON = 'reason unknown';

/**
 * `lpstat -l -p`: a block per queue, starting `printer NAME is idle.  enabled since ...`,
 * `printer NAME now printing NAME-12.  ...` or `printer NAME disabled since ... -`, then the
 * queue's state message on the next line when it has one, then tab-indented details
 * (`Form mounted:` first, `Description: ...` among them).
 */
export function parsePrinterStates(output: string): QueueState[] {
  const queues: QueueState[] = [];
  let current: QueueState | undefined;
  let afterHeader = false;
  for (const line of output.split('\n')) {
    const header = /^printer (\S+) (.*)$/.exec(line);
    if (header) {
      const [, name = '', rest = ''] = header;
      current = { name, description: '', state: stateOf(rest), message: '' };
      queues.push(current);
      afterHeader = true;
      continue;
    }
    if (!current) continue;
    if (afterHeader && /^\t(?!\t)/.test(line) && !line.startsWith('\tForm mounted:')) {
      // The line right after the header, before the details, is the state message.
      current.message = line.slice(1).trim();
    }
    afterHeader = false;
    const description = /^\tDescription: ?(.*)$/.exec(line);
    if (description && current.description === '') current.description = description[1]!.trim();
  }
  return queues.map((q) => ({ ...q, description: q.description || q.name }));
}

function stateOf(rest: string): CupsPrinter['state'] {
  if (rest.startsWith('now printing')) return 'printing';
  if (rest.startsWith('disabled')) return 'stopped';
  return 'idle';
}

/**
 * `lpstat -a`: `NAME accepting requests since ...`, or `NAME not accepting requests since
 * ... -` followed by a tab-indented reason.
 */
export function parseAccepting(output: string): Map<string, boolean> {
  const accepting = new Map<string, boolean>();
  for (const line of output.split('\n')) {
    const match = /^(\S+) (not )?accepting requests/.exec(line);
    if (match) accepting.set(match[1]!, !match[2]);
  }
  return accepting;
}

/** Joins both lists; a queue missing from `lpstat -a` (removed meanwhile) counts as rejecting. */
export function mergePrinters(
  states: QueueState[],
  accepting: Map<string, boolean>,
): CupsPrinter[] {
  return states.map(({ message, ...queue }) => {
    const accepts = accepting.get(queue.name) ?? false;
    const troubled = queue.state === 'stopped' || !accepts;
    const reason = troubled && message !== NO_REASON ? message : '';
    return { ...queue, accepting: accepts, reason };
  });
}

/** `lpstat -d`: `system default destination: NAME` or `no system default destination`. */
export function parseDefault(output: string): string | null {
  return /^system default destination: (\S+)/m.exec(output)?.[1] ?? null;
}

/** `lp`: `request id is NAME-12 (0 file(s))` (0 files when the document comes on stdin). */
export function parseRequestId(output: string): string | null {
  return /^request id is (\S+)/m.exec(output)?.[1] ?? null;
}

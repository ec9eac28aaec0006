import { execFile } from 'node:child_process';
import { CupsError, type Cups, type CupsPrinter, type PrintJobInput } from './cups.ts';
import {
  mergePrinters,
  parseAccepting,
  parseDefault,
  parsePrinterStates,
  parseRequestId,
} from './lpstat-parse.ts';

export interface SystemCupsOptions {
  /**
   * Extra environment for CUPS's commands, e.g. CUPS_SERVER (tests point it at their own
   * scheduler). The agent's own environment passes through, so CUPS_SERVER set for the
   * service works too.
   */
  env?: Readonly<Record<string, string>>;
  /** How long one command may take before CUPS counts as not answering. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** The scheduler answers this (on stderr) when it has no queue at all. */
const NO_DESTINATIONS = /No destinations added/i;
const NOT_RUNNING = /Scheduler is not running/i;

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The workstation's CUPS through its own commands (lpstat, lp), so any queue the workstation
 * has works and CUPS's client settings (CUPS_SERVER, client.conf) apply. Commands run with
 * execFile (no shell: the printer name and title are arguments, never parsed) in the C locale,
 * whose English output the parsers read.
 */
export function createSystemCups(options: SystemCupsOptions = {}): Cups {
  const env = { ...process.env, ...options.env, LC_ALL: 'C', LANG: 'C' };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const run = (command: string, args: string[], input?: Uint8Array) =>
    runCommand(command, args, { env, timeoutMs, input });

  return {
    async printers(): Promise<CupsPrinter[]> {
      const [states, accepting] = await Promise.all([
        run('lpstat', ['-l', '-p']),
        run('lpstat', ['-a']),
      ]);
      for (const result of [states, accepting]) {
        if (result.code !== 0 && NO_DESTINATIONS.test(result.stderr)) return [];
        if (result.code !== 0) throw lpstatError(result);
      }
      return mergePrinters(parsePrinterStates(states.stdout), parseAccepting(accepting.stdout));
    },

    async cupsDefault(): Promise<string | null> {
      // lpstat -d answers "no system default destination" (status 0) even when the scheduler
      // is down: a default cannot be known then, and null is the truth the caller can use.
      const result = await run('lpstat', ['-d']);
      return result.code === 0 ? parseDefault(result.stdout) : null;
    },

    async print({ printer, title, pdf }: PrintJobInput): Promise<string> {
      // No file argument: lp reads the document from stdin. `--` ends the options, so no
      // value can be taken for one.
      const result = await run('lp', ['-d', printer, '-t', title, '--'], pdf);
      const jobId = result.code === 0 ? parseRequestId(result.stdout) : null;
      if (jobId) return jobId;
      throw lpError(printer, result);
    },
  };
}

function lpstatError(result: CommandResult): CupsError {
  const said = cupsSaid(result);
  if (NOT_RUNNING.test(said)) return notRunning(said);
  return new CupsError('failed', `CUPS could not list the printers: ${said}`);
}

function lpError(printer: string, result: CommandResult): CupsError {
  const said = cupsSaid(result);
  if (NOT_RUNNING.test(said)) return notRunning(said);
  if (/not accepting jobs/i.test(said)) {
    return new CupsError('refused', `The printer ${printer} refuses new jobs (${said}).`);
  }
  if (/does not exist/i.test(said)) {
    return new CupsError('unknown-printer', `CUPS has no printer named ${printer} (${said}).`);
  }
  return new CupsError('failed', `CUPS did not take the label: ${said}`);
}

function notRunning(said: string): CupsError {
  return new CupsError(
    'unavailable',
    `CUPS is not running on this workstation (${said}). Start it, e.g. with "sudo systemctl start cups".`,
  );
}

/** CUPS's own words: its stderr (stdout when it said nothing there), on one line. */
function cupsSaid(result: CommandResult): string {
  const text = (result.stderr.trim() || result.stdout.trim() || `exit status ${result.code}`)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

function runCommand(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; input?: Uint8Array },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { env: options.env, timeout: options.timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr });
        if (typeof error.code === 'number') return resolve({ code: error.code, stdout, stderr });
        if (error.code === 'ENOENT') {
          return reject(
            new CupsError(
              'unavailable',
              `CUPS is not installed on this workstation (${command} was not found). Install it, e.g. "sudo apt-get install cups".`,
            ),
          );
        }
        if (error.killed) {
          return reject(
            new CupsError(
              'unavailable',
              `CUPS did not answer within ${options.timeoutMs / 1000} s (${command}).`,
            ),
          );
        }
        reject(new CupsError('failed', `Could not run ${command}: ${error.message}`));
      },
    );
    // lp may exit (refusing the job) before reading all of stdin: that is its answer, not ours.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? undefined);
  });
}

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';

/** CUPS's C-locale output, whatever the test machine's language. */
const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command (no shell); resolves with its status, or code -1 when it is not installed. */
export function sh(command: string, args: string[], env: NodeJS.ProcessEnv = ENV) {
  return new Promise<CommandResult>((resolve) => {
    execFile(command, args, { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr: stderr || (error && code === -1 ? error.message : '') });
    });
  });
}

/** Runs a command that must succeed (test setup), throwing with its output otherwise. */
export async function must(command: string, args: string[]): Promise<string> {
  const result = await sh(command, args);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  }
  return result.stdout;
}

const CUPS_PDF_BACKEND = '/usr/lib/cups/backend/cups-pdf';
/** lpadmin's -m model of the cups-pdf queue, and the file it names. */
export const CUPS_PDF_MODEL = 'lsb/usr/cups-pdf/CUPS-PDF_noopt.ppd';
const CUPS_PDF_PPD = '/usr/share/ppd/cups-pdf/CUPS-PDF_noopt.ppd';

/** Whether this machine can run the real-CUPS tests, and why not when it cannot. */
export async function probeCups(): Promise<
  { available: true } | { available: false; why: string }
> {
  const scheduler = await sh('lpstat', ['-r']);
  if (scheduler.code === -1) return { available: false, why: 'CUPS is not installed (no lpstat)' };
  if (!scheduler.stdout.includes('scheduler is running')) {
    return { available: false, why: 'the CUPS scheduler (cupsd) is not running' };
  }
  for (const admin of ['lpadmin', 'cupsdisable', 'cupsreject']) {
    if ((await sh(admin, ['-h'])).code === -1) {
      return { available: false, why: `${admin} (CUPS's administration commands) is not on PATH` };
    }
  }
  if (!existsSync(CUPS_PDF_BACKEND) || !existsSync(CUPS_PDF_PPD)) {
    return { available: false, why: 'cups-pdf is not installed (printer-driver-cups-pdf)' };
  }
  if (process.getuid?.() !== 0) {
    return { available: false, why: 'creating test queues with lpadmin needs root' };
  }
  return { available: true };
}

/**
 * Where cups-pdf writes the PDFs of this user's jobs: `Out` of /etc/cups/cups-pdf.conf
 * (`${HOME}/PDF` on Debian), else its built-in /var/spool/cups-pdf/${USER}.
 */
export function cupsPdfOutputDir(): string {
  let out = '/var/spool/cups-pdf/${USER}';
  try {
    const conf = readFileSync('/etc/cups/cups-pdf.conf', 'utf8');
    out = /^Out\s+(.+)$/m.exec(conf)?.[1]?.trim() ?? out;
  } catch {
    // No configuration file: cups-pdf's default applies.
  }
  const { username } = userInfo();
  return out.replaceAll('${HOME}', homedir()).replaceAll('${USER}', username);
}

/**
 * Polls `check` until it returns a value (not undefined) or the deadline passes: CUPS finishes
 * a job in its own time, and there is no event to wait for from outside.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  deadlineMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

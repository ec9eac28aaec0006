import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PRINT_ORIGIN, LOCAL_PRINT_PORT } from '@csp/contracts';
import { REPO_ROOT } from './server.ts';

/*
 * The workstation's print services for the print-chain specs: a real CUPS with a cups-pdf
 * queue of the spec's own, the print agent on its spec port (9090), and the DYMO emulator on
 * the first DYMO port (41951). Nothing here is mocked: the agent really prints through lp, and
 * the PDF really lands in cups-pdf's output folder.
 */

function run(command: string, args: string[]): string {
  return execFileSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Why CUPS cannot be used here, or null when it can. */
export function cupsUnavailable(): string | null {
  try {
    if (!run('lpstat', ['-r']).includes('scheduler is running')) {
      return 'cupsd is not running (start it with `cupsd`)';
    }
  } catch {
    return 'CUPS is not installed (apt-get install cups printer-driver-cups-pdf)';
  }
  if (!existsSync('/usr/lib/cups/backend/cups-pdf')) {
    return 'the cups-pdf backend is not installed (apt-get install printer-driver-cups-pdf)';
  }
  return null;
}

/** A cups-pdf queue named `name`, accepting and enabled. */
export function createPdfQueue(name: string): void {
  run('lpadmin', [
    '-p',
    name,
    '-v',
    'cups-pdf:/',
    '-E',
    '-m',
    'lsb/usr/cups-pdf/CUPS-PDF_noopt.ppd',
  ]);
}

export function deletePdfQueue(name: string): void {
  try {
    run('lpadmin', ['-x', name]);
  } catch {
    // already gone
  }
}

/** Where cups-pdf writes a finished job of this user (its `Out` setting). */
export function cupsPdfOutputDir(): string {
  const conf = readFileSync('/etc/cups/cups-pdf.conf', 'utf8');
  const out = /^Out\s+(.+)$/m.exec(conf)?.[1]?.trim() ?? '/var/spool/cups-pdf/${USER}';
  return out.replace('${HOME}', homedir()).replace('${USER}', process.env.USER ?? 'root');
}

/** The PDFs in the output folder written since `since` (ms). */
export function pdfsSince(dir: string, since: number): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since);
}

/**
 * The title of a PDF that cups-pdf wrote, through poppler's pdfinfo ('' while it is still being
 * written). cups-pdf rasterises the page, so its text cannot be read back; the title is the
 * print job's, which the agent takes from the label's file name.
 */
export function pdfTitle(path: string): string {
  try {
    const title = /^Title:\s+(.*)$/m.exec(run('pdfinfo', [path]))?.[1]?.trim() ?? '';
    // Ghostscript writes the title in PostScript's string parentheses.
    return title.replace(/^\((.*)\)$/, '$1');
  } catch {
    return '';
  }
}

/** Whether a PDF titled `title` arrived in cups-pdf's output since `since` (ms). */
export function arrived(title: string, since: number): boolean {
  return pdfsSince(cupsPdfOutputDir(), since).some((f) => pdfTitle(f) === title);
}

export interface PrintAgent {
  stop(): Promise<void>;
}

/** Starts the print agent on port 9090, trusting `portalOrigin`, and waits until it answers. */
export async function startPrintAgent(portalOrigin: string): Promise<PrintAgent> {
  // Another agent on the port would answer the health checks below in this one's place.
  const earlier = await fetch(`${LOCAL_PRINT_ORIGIN}/api/v1/omniprint/healthCheck`).catch(
    () => null,
  );
  if (earlier) {
    throw new Error(`Something already answers on port ${LOCAL_PRINT_PORT}: stop it first.`);
  }
  const stateFile = join(mkdtempSync(join(tmpdir(), 'csp-agent-')), 'state.json');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(REPO_ROOT, 'apps/print-agent/src/main.ts'),
      '--port',
      String(LOCAL_PRINT_PORT),
      '--portal-origin',
      portalOrigin,
      '--state-file',
      stateFile,
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('The print agent exited during start-up; see its output above.');
    try {
      const res = await fetch(`${LOCAL_PRINT_ORIGIN}/api/v1/omniprint/healthCheck`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The print agent did not start within 30 s.');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** Picks the agent's printer, as the printer panel would. */
export async function pickAgentPrinter(name: string): Promise<void> {
  const res = await fetch(
    `${LOCAL_PRINT_ORIGIN}/api/v1/omniprint/defaultPrinter?printerName=${encodeURIComponent(name)}`,
    { method: 'PUT' },
  );
  if (!res.ok) throw new Error(`The print agent refused printer ${name}: ${await res.text()}`);
}

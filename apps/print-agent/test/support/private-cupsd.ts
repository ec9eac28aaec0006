import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './real-cups.ts';

export const CUPSD = '/usr/sbin/cupsd';

export interface PrivateCupsd {
  /** The scheduler's socket: give it to CUPS's commands as CUPS_SERVER. */
  socket: string;
  stop(): Promise<void>;
}

/**
 * A second, empty CUPS scheduler of the test's own (its own socket, spool and state under
 * `dir`), so "no printers at all" and "the scheduler stops" are tested for real without
 * touching the workstation's CUPS.
 */
export async function startPrivateCupsd(dir: string): Promise<PrivateCupsd> {
  for (const sub of ['spool', 'tmp', 'state', 'cache', 'log']) mkdirSync(join(dir, sub));
  const socket = join(dir, 'cups.sock');
  writeFileSync(
    join(dir, 'cups-files.conf'),
    [
      `ServerRoot ${dir}`,
      `RequestRoot ${dir}/spool`,
      `TempDir ${dir}/tmp`,
      `StateDir ${dir}/state`,
      `CacheDir ${dir}/cache`,
      `ErrorLog ${dir}/log/error_log`,
      `AccessLog ${dir}/log/access_log`,
      `PageLog ${dir}/log/page_log`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'cupsd.conf'),
    `Listen ${socket}\nBrowsing No\nLogLevel warn\n<Location />\n  Order allow,deny\n  Allow localhost\n</Location>\n`,
  );
  const child = spawn(
    CUPSD,
    ['-f', '-c', join(dir, 'cupsd.conf'), '-s', join(dir, 'cups-files.conf')],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await waitFor(
    'the private cupsd socket',
    async () => (existsSync(socket) ? true : undefined),
    10_000,
  );
  return {
    socket,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error.ts';

/**
 * pg_dump and pg_restore: from PG_BINDIR when set, else the newest of Debian's
 * /usr/lib/postgresql/<version>/bin, else the PATH. pg_dump refuses a server newer than itself,
 * so the newest installed is the one to use.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore', env = process.env): string {
  const configured = env['PG_BINDIR']?.trim();
  if (configured) return join(configured, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

/**
 * The tools' connection: the URL without its password, which goes in PGPASSWORD instead, so it
 * is not on the command line for every user of the machine to read (ps).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
  };
}

/** Runs a tool with its input from `input` and its output to `output`; fails with its stderr. */
export async function runTool(
  path: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  streams: { input?: Readable; output?: Writable },
): Promise<string> {
  const child = spawn(path, args, {
    env,
    stdio: [streams.input ? 'pipe' : 'ignore', streams.output ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  const flows: Promise<void>[] = [];
  if (streams.input && child.stdin) flows.push(pipeline(streams.input, child.stdin));
  if (streams.output && child.stdout) flows.push(pipeline(child.stdout, streams.output));
  // A tool that fails early breaks its pipes: its own exit code and words say more.
  const flowsDone = Promise.allSettled(flows);
  let code: number | null;
  try {
    code = await exited;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${path} was not found: install PostgreSQL's client programs (apt-get install postgresql-client), or set PG_BINDIR to their folder.`,
      );
    }
    throw error;
  }
  const failed = (await flowsDone).find((flow) => flow.status === 'rejected');
  if (code !== 0) {
    const name = path.split('/').pop();
    throw new BackupError(`${name} failed (exit ${code}):\n${stderr.trim()}`);
  }
  if (failed) throw failed.reason;
  return stderr;
}

/** The tool's `--version` line, e.g. "pg_dump (PostgreSQL) 15.10". */
export async function toolVersion(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  await runTool(path, ['--version'], process.env, { output: out });
  return Buffer.concat(chunks).toString('utf8').trim();
}

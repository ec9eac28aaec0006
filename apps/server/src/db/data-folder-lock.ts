import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The file that says which process has the embedded database open. */
export const DATA_FOLDER_LOCK_FILE = 'portal.lock';

/** Another live process has the embedded database open; its files must not be touched. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process ` +
        `(${holder.command}, pid ${holder.pid}, since ${holder.since}). ` +
        'Stop it first: the embedded database allows one process at a time ' +
        '(use PostgreSQL, DATABASE_URL, to run commands beside a running server).',
    );
    this.name = 'DataFolderInUseError';
  }
}

interface LockHolder {
  pid: number;
  since: string;
  command: string;
}

export interface DataFolderLock {
  release(): void;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a reboot the pid may belong to an unrelated program: only a Node.js process counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (not Linux): trust the pid
  }
}

function readHolder(path: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, since: String(holder.since), command: String(holder.command) }
      : null;
  } catch {
    return null;
  }
}

function describeThisProcess(): string {
  const script = process.argv[1]?.split('/').slice(-2).join('/') ?? 'node';
  return script.includes('server') ? 'the portal server' : script;
}

/**
 * PGlite keeps no lock of its own: two processes opening one data folder would both write its
 * files and corrupt them. So whoever opens it (the server, the seed, the store and backup
 * commands) first creates `portal.lock` with its pid; a lock left by a process that died is
 * taken over. Also held against a second open in the same process.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const path = join(dataDir, DATA_FOLDER_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && processIsAlive(holder.pid)) throw new DataFolderInUseError(dataDir, holder);
      // Left by a process that is gone (or half written by one that died): take it over.
      rmSync(path, { force: true });
      continue;
    }
    const holder: LockHolder = {
      pid: process.pid,
      since: new Date().toISOString(),
      command: describeThisProcess(),
    };
    writeSync(fd, JSON.stringify(holder));
    closeSync(fd);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        // Only our own lock: never remove one another process took over meanwhile.
        if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
      },
    };
  }
  throw new Error(`Could not lock the embedded database folder ${dataDir}`);
}

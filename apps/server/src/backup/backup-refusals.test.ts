import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../db/client.ts';
import { lockDataFolder } from '../db/data-folder-lock.ts';
import { PGLITE_SNAPSHOT_ENV } from '../test-support/run-env.ts';
import { createTestDatabase, testEngines } from '../test-support/test-database.ts';
import { backupCommand } from './backup-command.ts';
import { HEADER_BYTES, writeBackupFile, type Engine } from './backup-file.ts';
import { knownSchemaVersion } from './command-line.ts';
import { openOperatorSocket } from './operator-socket.ts';
import { snapshotDataFolder } from './pglite-snapshot.ts';
import { restoreCommand } from './restore-command.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const engines = await testEngines();
const work = mkdtempSync(join(tmpdir(), 'csp-backup-refusals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FAKE_PAYLOAD = Buffer.from('not a database, but what the checksum was taken of');

/** A backup file whose payload is not a database: enough for every refusal before the restore. */
async function fakeBackup(name: string, engine: Engine, schemaVersion = knownSchemaVersion()) {
  const file = join(work, name);
  await writeBackupFile(file, {
    engine,
    write: async (sink) => {
      sink.end(FAKE_PAYLOAD);
    },
    contents: async () => ({ schemaVersion, tables: { 'public.websites': 3 }, source: 'test' }),
  });
  return file;
}

/** The real command line: its exit code and what it printed. */
function restoreCli(file: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/backup/restore-cli.ts', file],
      { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: Number(error?.code ?? 0), stdout, stderr }),
    );
  });
}

/** The command run here: its exit code and its one failure message. */
async function inProcess(
  command: typeof restoreCommand,
  argv: string[],
  env: Record<string, string>,
) {
  const failures: string[] = [];
  const code = await command(
    argv,
    { DATABASE_URL: '', ...env },
    {
      say: () => undefined,
      fail: (line) => failures.push(line),
    },
  );
  return { code, message: failures.join('\n') };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe('npm run restore refuses, in words and with exit 1', () => {
  it('a garbage file, a missing file, a backup of the other engine and a folder that is not empty (the real command line)', async () => {
    const garbage = join(work, 'garbage');
    writeFileSync(garbage, Buffer.alloc(100_000, 0x5a));
    const ofPostgres = await fakeBackup('postgres.backup', 'postgres');
    const ofPglite = await fakeBackup('pglite.backup', 'pglite');
    const busy = join(work, 'busy-folder');
    mkdirSync(busy);
    writeFileSync(join(busy, 'PG_VERSION'), '18\n');
    const dataDir = join(work, 'never-written');

    const results = await Promise.all([
      restoreCli(garbage, { DATA_DIR: dataDir }),
      restoreCli(join(work, 'no-such-file'), { DATA_DIR: dataDir }),
      restoreCli(ofPostgres, { DATA_DIR: dataDir }),
      restoreCli(ofPglite, { DATA_DIR: busy }),
    ]);
    const expected = [
      `${garbage} is not a Campus Store Portal backup (it has no backup header).`,
      `There is no file ${join(work, 'no-such-file')}.`,
      `${ofPostgres} is a backup of PostgreSQL, and this portal is set up for the embedded database: to restore it, set DATABASE_URL to a new, empty PostgreSQL database.`,
      `The data folder ${busy} is not empty (1 entries): restore into a new, empty folder (set DATA_DIR), or move this one away first.`,
    ];
    results.forEach((result, i) => {
      expect(result.stderr.trim(), result.stdout).toBe(expected[i]);
      expect(result.code).toBe(1);
      noStackTrace(result.stderr);
    });
    expect(readFileSync(join(busy, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('a backup of a newer schema, a damaged or cut file, and no file named', async () => {
    const dataDir = join(work, 'target');
    const newer = await fakeBackup('newer.backup', 'pglite', knownSchemaVersion() + 1);
    const damaged = await fakeBackup('damaged.backup', 'pglite');
    const bytes = readFileSync(damaged);
    bytes.writeUInt8(bytes.readUInt8(HEADER_BYTES + 3) ^ 0xff, HEADER_BYTES + 3);
    writeFileSync(damaged, bytes);
    const cut = await fakeBackup('cut.backup', 'pglite');
    truncateSync(cut, HEADER_BYTES + 10);
    const ofPglite = await fakeBackup('pglite-2.backup', 'pglite');

    const refusals = {
      [newer]: `${newer} was made by a newer version of the portal (schema version ${knownSchemaVersion() + 1}; this one knows ${knownSchemaVersion()}): upgrade the portal first, then restore.`,
      [damaged]: `${damaged} is damaged (its checksum does not match): it cannot be restored.`,
      [cut]: `${cut} is ${HEADER_BYTES + 10} bytes, its header says ${HEADER_BYTES + FAKE_PAYLOAD.length}: it was cut short or added to, and cannot be restored.`,
    };
    for (const [file, message] of Object.entries(refusals)) {
      expect(await inProcess(restoreCommand, [file], { DATA_DIR: dataDir })).toEqual({
        code: 1,
        message,
      });
    }
    // PostgreSQL's settings with the embedded database's backup: refused before connecting.
    const wrong = await inProcess(restoreCommand, [ofPglite], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(wrong.message).toMatch(
      /is a backup of the embedded database, and this portal is set up for PostgreSQL/,
    );
    expect(await inProcess(restoreCommand, [], { DATA_DIR: dataDir })).toMatchObject({ code: 2 });
    expect(() => readFileSync(join(dataDir, 'PG_VERSION'))).toThrow();
  });
});

describe.each(engines.filter((e) => e === 'postgres'))('npm run restore on %s', () => {
  it("refuses a database that already has the portal's tables, and changes nothing", async () => {
    const database = await createTestDatabase('postgres');
    try {
      const file = await fakeBackup('pg-into-migrated.backup', 'postgres');
      expect(await inProcess(restoreCommand, [file], { DATABASE_URL: database.url! })).toEqual({
        code: 1,
        message: expect.stringMatching(
          /^The database of DATABASE_URL already has the portal's tables \(\d+\): restore into a new, empty database \(createdb\), nothing was changed\.$/,
        ),
      });
    } finally {
      await database.close();
    }
  });
});

describe('npm run backup refuses, in words and with exit 1', () => {
  it('an existing file, a missing folder, a data folder without a database, and one held by a process that does not answer', async () => {
    const existing = join(work, 'existing.backup');
    writeFileSync(existing, 'keep me');
    const empty = join(work, 'empty-data');
    mkdirSync(empty);
    const held = join(work, 'held-data');
    mkdirSync(held);
    writeFileSync(join(held, 'PG_VERSION'), '18\n');
    const lock = lockDataFolder(held);
    try {
      const cases: [string[], Record<string, string>, RegExp][] = [
        [
          [existing],
          { DATA_DIR: empty },
          /existing\.backup already exists: give the backup a new name\./,
        ],
        [
          [join(work, 'missing/x.backup')],
          { DATA_DIR: empty },
          /missing does not exist: create it first\./,
        ],
        [
          [join(work, 'a.backup')],
          { DATA_DIR: empty },
          /There is no embedded database in .*empty-data/,
        ],
        [
          [join(work, 'b.backup')],
          { DATA_DIR: held },
          /The data folder .*held-data is in use by .* \(pid \d+, since .*\), which does not answer on the operator socket/,
        ],
      ];
      for (const [argv, env, message] of cases) {
        const result = await inProcess(backupCommand, argv, env);
        expect(result.message).toMatch(message);
        expect(result.code).toBe(1);
        noStackTrace(result.message);
      }
    } finally {
      lock.release();
    }
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
  });

  it('a copy that does not hold what the database held at its instant, and keeps no file', async () => {
    const dataDir = join(work, 'served-data');
    // The migrated database of the Vitest global setup, in a folder.
    const migrated = new Blob([readFileSync(process.env[PGLITE_SNAPSHOT_ENV]!)]);
    const client = await PGlite.create(dataDir, { loadDataDir: migrated });
    const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
    // A server whose copy misses rows it counted (what a copy of files still being written gives).
    const socket = await openOperatorSocket(dataDir, async () => {
      const real = await snapshotDataFolder(db, dataDir);
      const tables = { ...real.counted.tables, 'public.websites': 99 };
      return { ...real, counted: { ...real.counted, tables } };
    });
    const into = join(work, 'kept-nothing');
    mkdirSync(into);
    try {
      const result = await inProcess(backupCommand, [join(into, 'c.backup')], {
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.message).toMatch(
        /^The copy does not hold what the database held: no backup was written:\n {2}public\.websites: \d+ rows, the database: 99$/,
      );
      expect(readdirSync(into)).toEqual([]);
    } finally {
      await socket.close();
      await client.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillPath, getFundingSources } from '@csp/contracts';
import { copySeededDemo, seededPostgresDatabase } from '../test-support/seeded-demo.ts';
import { httpCall, startServerProcess, waitReady } from '../test-support/server-process.ts';
import { TEST_DATABASE_URL, testEngines } from '../test-support/test-database.ts';
import {
  WRITERS,
  TERMS_PER_SOURCE,
  LOAD_NAME,
  WRITTEN,
  cli,
  signIn,
  termIds,
  createSource,
  writeLoad,
  tableSums,
  AT_THE_INSTANT,
  loadSources,
  reading,
  stagingFolders,
  plantStaleStaging,
  until,
  adminQuery,
  expectDirectBackup,
} from '../test-support/backup-load.ts';

const engines = await testEngines();

describe.each(engines)('npm run backup and restore under write load (%s)', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  // Two starts, a write load, a backup and a restore: past the default 60 s on a loaded 2-core
  // CI machine.
  it(
    'backs up the demo store while sources are written, restores it, and the restored portal has every table as it was at the backup instant',
    { timeout: 300_000 },
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'csp-backup-'));
      cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
      const env: Record<string, string> = { RENTAL_REMINDERS: 'off', DEV_IDP: 'false' };
      let target: Record<string, string>;
      if (engine === 'postgres') {
        const source = await seededPostgresDatabase();
        cleanups.push(() => source.close());
        env['DATABASE_URL'] = source.url;
        const restored = `backup_test_${process.pid}_${randomBytes(3).toString('hex')}`;
        await adminQuery(`create database ${restored}`);
        cleanups.push(() => adminQuery(`drop database if exists ${restored} with (force)`));
        const url = new URL(TEST_DATABASE_URL);
        url.pathname = `/${restored}`;
        target = { DATABASE_URL: url.toString() };
      } else {
        target = { DATA_DIR: join(work, 'restored-data') };
      }

      // The demo store: a copy of the one seeded once this run (the restore target stays empty).
      const dataDir = join(work, 'data');
      if (engine === 'pglite') await copySeededDemo(dataDir);
      const server = await startServerProcess(env, { dataDir });
      cleanups.push(() => server.stop({ keepData: true }));
      await waitReady(server, 120_000);
      const session = await signIn(server);
      const terms = (await termIds(server, session)).slice(0, TERMS_PER_SOURCE);
      expect(terms).toHaveLength(TERMS_PER_SOURCE);

      // Under load: every writer has written some before the backup starts and goes on after it.
      // PGlite: a copy staged by a process that died is removed by the next, and never archived.
      if (engine === 'pglite') plantStaleStaging(server.dataDir);
      const load = writeLoad(server, session, terms);
      await load.until(3);
      const before = [...load.answered];
      const file = join(work, 'portal.backup');
      const started = performance.now();
      const backup = await cli(
        'backup',
        file,
        engine === 'postgres'
          ? { DATABASE_URL: env['DATABASE_URL']! }
          : { DATA_DIR: server.dataDir },
      );
      const finished = performance.now();
      await load.until(3, [...load.answered]);
      await load.stop();
      expect(backup.stdout).toMatch(/Backed up \d+ tables/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      if (engine === 'pglite') {
        // The server removes its staged copy once it has sent it (the stale one went before).
        await until(() => stagingFolders(server.dataDir).length === 0, 'staging folders left');
      }

      const duringBackup = load.probes.filter((p) => p.at >= started && p.at <= finished);
      expect(duringBackup.some((p) => p.status === 200)).toBe(true);
      const blockedMs = Math.max(...duringBackup.map((p) => p.ms));
      const baselineMs = Math.max(...load.probes.filter((p) => p.at < started).map((p) => p.ms));

      // The source as it is now (PGlite: its folder, once the server has let it go).
      let sourceDb: string;
      if (engine === 'pglite') {
        await server.stop({ keepData: true });
        // Graceful shutdown let the folder go: its socket and lock are gone.
        expect(readdirSync(server.dataDir).filter((n) => /sock|lock/.test(n))).toEqual([]);
        sourceDb = server.dataDir;
      } else {
        sourceDb = env['DATABASE_URL']!;
      }

      const restore = await cli('restore', file, {
        ...target,
        ...(engine === 'pglite' && { DATABASE_URL: '' }),
      });
      expect(restore.stdout).toMatch(/Restored and checked/);
      const restoredDb = engine === 'pglite' ? target['DATA_DIR']! : target['DATABASE_URL']!;
      if (engine === 'pglite') expect(stagingFolders(restoredDb)).toEqual([]);

      const copy = await reading(engine, restoredDb, async (db) => ({
        sums: await tableSums(db),
        sources: await loadSources(db),
      }));
      // Each writer's sources in the copy: 1..k, with no gap, and at least those answered before.
      const perWriter = Array.from({ length: WRITERS }, () => [] as number[]);
      for (const { name } of copy.sources) {
        const [, writer, n] = LOAD_NAME.exec(name)!;
        perWriter[Number(writer)]!.push(Number(n));
      }
      perWriter.forEach((numbers, writer) => {
        numbers.sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
        expect(numbers.length).toBeGreaterThanOrEqual(before[writer]!);
      });
      // No torn transaction: every source has its terms and its activity entry.
      for (const source of copy.sources) {
        expect(source, source.name).toMatchObject({ terms: TERMS_PER_SOURCE, created: 1 });
      }

      const names = copy.sources.map((s) => s.name);
      const original = await reading(engine, sourceDb, async (db) => ({
        sums: await tableSums(db, AT_THE_INSTANT, [names]),
        loaded: (await loadSources(db)).length,
        whole: await tableSums(db),
      }));
      // Writes went on after the backup's instant, and the copy is the source at that instant.
      expect(original.loaded).toBeGreaterThan(copy.sources.length);
      expect(Object.keys(copy.sums).sort()).toEqual(Object.keys(original.sums).sort());
      for (const table of Object.keys(original.sums)) {
        expect(copy.sums[table], table).toBe(original.sums[table]);
      }
      expect(WRITTEN.every((table) => table in copy.sums)).toBe(true);

      // The walk-through's end: start on the restored data and find everything there.
      const again = await startServerProcess(
        { ...env, ...target },
        engine === 'pglite' ? { dataDir: target['DATA_DIR'] } : {},
      );
      cleanups.push(() => again.stop({ keepData: engine === 'pglite' }));
      // Meanwhile (another folder), a backup of the source folder without a server.
      if (engine === 'pglite') await expectDirectBackup(work, sourceDb, original.whole);
      await waitReady(again, 120_000);
      const later = await signIn(again);
      const list = await httpCall(
        again.port,
        'GET',
        fillPath(getFundingSources.path, { userAccountId: later.accountId }),
        { token: later.token },
      );
      expect(list.status, list.body).toBe(200);
      const listed = list.json<{ sources: { name: string }[] }>().sources.map((s) => s.name);
      expect(listed.filter((name) => LOAD_NAME.test(name)).sort()).toEqual([...names].sort());
      const more = await createSource(again, later, 'After the restore', terms);
      expect(more.status, more.body).toBe(200);
      await again.stop({ keepData: engine === 'pglite' });

      const seconds = (finished - started) / 1000;
      console.info(
        `[backup ${engine}] ${seconds.toFixed(1)} s, ${(statSync(file).size / 1e6).toFixed(1)} MB; ` +
          `load sources in copy ${copy.sources.length} of ${original.loaded}; ` +
          `GET /health/ready max ${Math.round(blockedMs)} ms during the backup (${duringBackup.length} probes), ${Math.round(baselineMs)} ms before`,
      );
    },
  );
});

/**
 * `npm run seed -- --scale demo|large`: seeds the database the server would use — PostgreSQL
 * when DATABASE_URL is set, otherwise the embedded PGlite database in DATA_DIR (default
 * `<repo>/data`). Stop the server first when it uses the same PGlite folder: PGlite allows only
 * one process per data folder.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, dbOptionsFromEnv } from '../client.ts';
import { ensureReferenceData } from '../reference-data.ts';
import { isDemoSeeded, listDemoAccounts, seedDemo } from './demo.ts';
import { isLargeSeeded, seedLarge } from './large.ts';
import { LARGE_ADMIN, LARGE_PASSWORD } from './large-store.ts';
import { LARGE_BRAND } from './branding.ts';
import type { SeedProgress } from './store-seed.ts';

/** From apps/server/src/db/seed/ up to the repository root, whatever the working directory. */
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

function printProgress(p: SeedProgress): void {
  const rows = p.rows.toLocaleString('en-US').padStart(10);
  console.log(
    `  ${p.store.padEnd(30)} ${p.table.padEnd(28)} ${rows} rows ${Math.round(p.elapsedMs).toString().padStart(7)} ms`,
  );
}

function printAccounts(): void {
  console.log('\nDemo accounts (user name / password, website host):');
  for (const a of listDemoAccounts())
    console.log(`  ${a.userName} / ${a.password}  (${a.host}) — ${a.note}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'demo' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || (values.scale !== 'demo' && values.scale !== 'large')) {
    console.log('Usage: npm run seed -- --scale demo|large');
    return values.help ? 0 : 2;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the caller's folder.
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(baseDir, process.env.DATA_DIR?.trim() || join(REPO_ROOT, 'data'));
  const options = dbOptionsFromEnv(databaseUrl, dataDir);
  console.log(
    options.engine === 'postgres'
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: PGlite in ${dataDir}`,
  );

  const started = performance.now();
  const database = await createDb(options);
  try {
    const { db } = database;
    if (values.scale === 'large' && (await isLargeSeeded(db))) {
      console.error('The large store is already seeded; use a fresh database to seed it again.');
      return 1;
    }
    // Under the start-up lock, so a server starting meanwhile does not seed the demo too.
    await database.exclusive(async () => {
      await ensureReferenceData(db);
      if (await isDemoSeeded(db)) {
        console.log('Demo data already present.');
      } else {
        console.log('Seeding the demo stores…');
        const demo = await seedDemo(db, { onProgress: printProgress });
        console.log(`Demo stores seeded in ${(demo.elapsedMs / 1000).toFixed(1)} s.`);
      }
    });
    if (values.scale === 'large') {
      console.log('Seeding the large benchmark store (large.localhost)…');
      const large = await seedLarge(db, { onProgress: printProgress });
      const fk = large.foreignKeyChecks
        ? 'on'
        : 'off (superuser; rows are consistent by construction)';
      console.log(
        `Large store seeded in ${(large.elapsedMs / 1000).toFixed(1)} s; foreign-key checks ${fk}.`,
      );
    }
    printAccounts();
    if (values.scale === 'large') {
      console.log(
        `  ${LARGE_ADMIN} / ${LARGE_PASSWORD}  (${LARGE_BRAND.host}) — large store, every role`,
      );
    }
    console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

// Temporary: a persistent large-seeded PostgreSQL database to EXPLAIN the catalog queries.
import pg from 'pg';
import { createDb } from '../../src/db/client.ts';
import { ensureReferenceData } from '../../src/db/reference-data.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { seedLarge } from '../../src/db/seed/large.ts';
const name = 'csp_explore';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) {
  await admin.query(`create database ${name}`);
  const db = await createDb({ engine: 'postgres', url: `postgres://postgres@127.0.0.1:5432/${name}` });
  const t = performance.now();
  await ensureReferenceData(db.db);
  await seedDemo(db.db);
  await seedLarge(db.db);
  console.log('seeded in', Math.round(performance.now() - t), 'ms');
  await db.close();
}
await admin.end();

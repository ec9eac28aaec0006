// `npm run bench`: speed budgets of the API, measured in-process (app.inject) on an in-memory
// PGlite with the demo seed. Budgets are p95 latencies; the run fails when one is exceeded.
// Timed assertions never go in tests (shared machines are noisy); they live here.
import { ADMIN_BASE, getWebsite, login } from '@csp/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { ensureReferenceData } from '../src/db/reference-data.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { measure, percentile } from './measure.ts';

interface Budget {
  name: string;
  p95Ms: number;
  runs: number;
  fn: () => Promise<void>;
}

const database = await createDb({ engine: 'pglite' });
await ensureReferenceData(database.db);
await seedDemo(database.db);
const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const config = {
  ...loadConfig({ ...process.env, JWT_SECRET: jwtSecret, SEED_DEMO: 'false' }),
  jwtSecret: new TextEncoder().encode(jwtSecret),
};
const app = await buildApp({ db: database.db, config });
const host = 'localhost';
const admin = DEMO_ACCOUNTS[0]!;

async function ok(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
}

const session = await app.inject({
  method: 'POST',
  url: login.path,
  headers: { host },
  payload: { userName: admin.userName, password: admin.password },
});
await ok(session, 'login');
const { token, accountId } = session.json<{ token: string; accountId: number }>();

const budgets: Budget[] = [
  {
    name: 'GET website (host lookup)',
    p95Ms: 15,
    runs: 500,
    fn: async () =>
      ok(
        await app.inject({
          method: 'GET',
          url: `${getWebsite.path}?searchString=localhost`,
          headers: { host },
        }),
        'website',
      ),
  },
  {
    name: 'GET site config JSON',
    p95Ms: 20,
    runs: 500,
    fn: async () =>
      ok(
        await app.inject({
          method: 'GET',
          url: '/site-config/demo-university.json',
          headers: { host },
        }),
        'config',
      ),
  },
  {
    name: 'GET getUserActions (token check + policy)',
    p95Ms: 25,
    runs: 500,
    fn: async () =>
      ok(
        await app.inject({
          method: 'GET',
          url: `${ADMIN_BASE}/${accountId}/getUserActions?user_name=${encodeURIComponent(admin.userName)}`,
          headers: { host, 'auth-token': token },
        }),
        'getUserActions',
      ),
  },
  {
    // argon2id is slow on purpose; the budget keeps it from becoming a denial of service.
    name: 'POST login (argon2id verify)',
    p95Ms: 400,
    runs: 20,
    fn: async () =>
      ok(
        await app.inject({
          method: 'POST',
          url: login.path,
          headers: { host },
          payload: { userName: admin.userName, password: admin.password },
        }),
        'login',
      ),
  },
];

let failed = 0;
console.log('budget'.padEnd(46), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'budget'.padStart(8));
for (const b of budgets) {
  const times = await measure(b.fn, b.runs, Math.min(10, b.runs));
  const p95 = percentile(times, 95);
  const over = p95 > b.p95Ms;
  if (over) failed++;
  console.log(
    b.name.padEnd(46),
    percentile(times, 50).toFixed(2).padStart(8),
    p95.toFixed(2).padStart(8),
    String(b.p95Ms).padStart(8),
    over ? ' OVER BUDGET' : '',
  );
}
await app.close();
await database.close();
if (failed) {
  console.error(`${failed} budget(s) exceeded.`);
  process.exit(1);
}

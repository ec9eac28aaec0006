// Adoption campaigns at size (issue 30): every term of the large store not yet ended (about
// 40,000 sections) gets its deadline today and a campaign whose reminder is due today; one run
// plans every step and renders and writes every e-mail (the file transport: no SMTP_URL),
// while a client asks the portal over HTTP one request at a time. Prints the run's time, its
// figures and the other requests' p50/p95/max. Budget: the run under 30 s, other requests'
// p95 under 1 s. Both engines (BENCH_ENGINE=pglite|postgres for one).
//   npm run bench:campaign -w apps/server
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { getTextbookTerms } from '@csp/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import { LARGE_ADMIN, LARGE_STORE_REF } from '../src/db/seed/large-store.ts';
import { isoDay } from '../src/lib/iso-day.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { CAMPAIGN_STEP_GRACE_DAYS } from '@csp/contracts';
import { findDueSteps, planStep } from '../src/modules/campaigns/schedule/plan-repository.ts';
import { runCampaigns } from '../src/modules/campaigns/schedule/send-job.ts';
import { benchEngines, openBenchDatabase, type BenchEngine } from './bench-database.ts';
import { probeText, startProbe } from './concurrent-probe.ts';
import { LARGE_HOST } from './endpoints.ts';

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const BUDGET_MS = 30_000;

/** Deadlines today and a campaign with a reminder due today on every term not ended. */
async function scheduleEveryTerm(
  db: Parameters<typeof runCampaigns>[0]['db'],
  today: string,
): Promise<{ terms: number; sections: number; unadopted: number }> {
  const [store] = await queryRows<{ id: number; admin: number }>(
    db,
    sql`select l.id, a.id as admin from locations l
        join user_accounts a on a.location_id = l.id and a.user_name = ${LARGE_ADMIN}
        where l.external_ref = ${LARGE_STORE_REF}`,
  );
  if (!store) throw new Error('the large store is not seeded');
  await db.execute(sql`update terms set adoption_deadline = ${today}::date
    where location_id = ${store.id} and end_date >= ${today}::date`);
  await db.execute(sql`insert into adoption_campaigns (location_id, term_id, created_by)
    select location_id, id, ${store.admin} from terms
    where location_id = ${store.id} and end_date >= ${today}::date`);
  await db.execute(sql`insert into adoption_campaign_steps
      (location_id, campaign_id, kind, days_from_deadline)
    select location_id, id, 'REMINDER', 0 from adoption_campaigns where location_id = ${store.id}`);
  const [figures] = await queryRows<{ terms: number; sections: number; unadopted: number }>(
    db,
    sql`select count(distinct t.id)::int as terms, count(s.id)::int as sections,
          (count(s.id) filter (where s.first_adopted_at is null))::int as unadopted
        from terms t join sections s on s.term_id = t.id
        where t.location_id = ${store.id} and t.end_date >= ${today}::date`,
  );
  return figures!;
}

async function measure(engine: BenchEngine): Promise<void> {
  const bench = await openBenchDatabase(engine);
  const mailDir = mkdtempSync(join(tmpdir(), 'csp-campaign-bench-'));
  const config = {
    ...loadConfig({ ...process.env, JWT_SECRET: jwtSecret, SEED_DEMO: 'false' }),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    dataDir: mailDir,
    logLevel: 'silent' as const,
    // The run is the one measured: no scheduled job of a listening app joins in.
    rentalReminders: false,
    campaignEmails: false,
  };
  const { db } = bench.database;
  const app = await buildApp({ db, config });
  try {
    const now = new Date();
    const world = await scheduleEveryTerm(db, isoDay(now));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const stopProbe = startProbe([`http://127.0.0.1:${port}${getTextbookTerms.path}`], {
      host: LARGE_HOST,
    });
    const started = performance.now();
    // Planned apart first, so the figures say what planning and what sending cost.
    let planned = 0;
    for (const step of await findDueSteps(db, isoDay(now), CAMPAIGN_STEP_GRACE_DAYS)) {
      planned += (await planStep(db, step)) ?? 0;
    }
    const planMs = performance.now() - started;
    const result = await runCampaigns({ db, mailer: createMailer(config), config }, now);
    const elapsed = performance.now() - started;
    const probe = await stopProbe();
    const files = readdirSync(join(mailDir, 'mail')).length;
    console.log(
      `  ${engine}: ${world.terms} terms, ${world.sections} sections (${world.unadopted} without an adoption): ` +
        `${planned} e-mails planned in ${(planMs / 1000).toFixed(1)} s, ${result.sent} rendered and ` +
        `written (${files} files) in ${((elapsed - planMs) / 1000).toFixed(1)} s; in all ` +
        `${(elapsed / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s); ${probeText(probe)}`,
    );
    if (elapsed > BUDGET_MS) process.exitCode = 1;
  } finally {
    await app.close();
    await bench.close();
    rmSync(mailDir, { recursive: true, force: true });
  }
}

for (const engine of await benchEngines()) await measure(engine);

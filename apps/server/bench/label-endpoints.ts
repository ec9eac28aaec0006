import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fillPath, labelContentUrl, RENTAL_LABEL_PATH, TEST_LABEL_PATH } from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import type { BenchEndpoint } from './endpoints.ts';

/**
 * A counter-return label over two rentals of the last student of the store behind `host` with
 * rentals out, made in SQL (the large seed has no labels): what a reprint, the DYMO path and
 * the local print service read.
 */
async function benchLabel(db: Db, host: string): Promise<string> {
  const token = `bench-label-${host}`;
  const [row] = await queryRows<{ token: string }>(
    db,
    sql`with s as (
          select s.id, s.location_id from students s join websites w on w.location_id = s.location_id
          where w.host = ${host} and exists (select 1 from rentals r where r.student_id = s.id)
          order by s.id desc limit 1),
        l as (
          insert into rental_labels (location_id, kind, token, student_id, serial_item_label, expires_at)
          select s.location_id, 'RETURN', ${token}, s.id, 'RTN-BENCH', now() + interval '90 days'
          from s returning id, token, student_id),
        items as (
          update rentals set return_label_id = (select id from l)
          where id in (select r.id from rentals r where r.student_id = (select id from s)
            order by r.id limit 2)
          returning id)
      select token from l where (select count(*) from items) > 0`,
  );
  if (!row) throw new Error(`the store of ${host} has no student with rentals`);
  return row.token;
}

/**
 * Labels (issues 10 and 11): a label's PDF and its content for DYMO, and the store's test
 * label. A label reads its rentals through the partial indexes on rentals' label columns, so
 * the large store's (150,000 rentals) are as quick as the demo store's.
 */
export async function labelBench(
  app: FastifyInstance,
  db: Db,
  largeHost: string,
  demoHost: string,
): Promise<BenchEndpoint[]> {
  const tokens = { large: await benchLabel(db, largeHost), demo: await benchLabel(db, demoHost) };
  const get = (host: string, url: string) => async () => {
    const res = await app.inject({ url, headers: { host } });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  };
  const pdf = (token: string) => fillPath(RENTAL_LABEL_PATH, { token });
  return [
    {
      name: 'GET label content, for DYMO (large store)',
      runs: 200,
      // About twice what it measures (2026-11-25: p95 4.4 ms on PGlite, 4.2 on PostgreSQL).
      budgetP95Ms: { pglite: 10, postgres: 8 },
      call: get(largeHost, labelContentUrl(pdf(tokens.large))),
      demo: { call: get(demoHost, labelContentUrl(pdf(tokens.demo))), maxGrowth: 2, goal: 1.5 },
    },
    {
      name: 'GET label PDF (large store)',
      runs: 100,
      budgetP95Ms: { pglite: 45, postgres: 25 },
      note: 'renders a PDF with a Code 128 barcode (pdfkit, bwip-js) on every request',
      call: get(largeHost, pdf(tokens.large)),
      demo: { call: get(demoHost, pdf(tokens.demo)), maxGrowth: 2, goal: 1.5 },
    },
    {
      name: 'GET test label content (large store)',
      runs: 200,
      budgetP95Ms: { pglite: 3, postgres: 3 },
      call: get(largeHost, `${TEST_LABEL_PATH}/content`),
    },
  ];
}

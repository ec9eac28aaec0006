import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fillPath, searchMaterials } from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import type { BenchEndpoint } from './endpoints.ts';
import type { Caller } from './bench-caller.ts';

/** A product from the middle of the feed, and two words of its title, to search for. */
async function sampleProduct(db: Db) {
  const [row] = await queryRows<{ ean13: string; description: string; total: number }>(
    db,
    sql`select ean13, description, (select count(*) from external_products)::int as total
      from external_products order by id offset 100000 limit 1`,
  );
  if (!row) throw new Error('the external catalog is not seeded (the large seed makes 200,000)');
  return row;
}

/**
 * Material search (issue 9): p95 < 50 ms on PostgreSQL with 200,000 external products. The
 * same searches on the demo store show that the store's size does not change it.
 */
export async function materialSearchBench(
  app: FastifyInstance,
  db: Db,
  large: Caller,
  demo: Caller,
): Promise<BenchEndpoint[]> {
  const product = await sampleProduct(db);
  const words = product.description.toLowerCase().split(/\s+/).slice(0, 2).join(' ');
  const typo = `${words.slice(0, -2)}${words.slice(-1)}`;
  const search = (who: Caller, searchString: string) => async () => {
    const res = await app.inject({
      url: fillPath(searchMaterials.path, { userAccountId: who.accountId }),
      query: { searchString },
      headers: { host: who.host, 'auth-token': who.token },
    });
    if (res.statusCode !== 200)
      throw new Error(`material/search answered ${res.statusCode}: ${res.body}`);
  };
  const budget = { pglite: 100, postgres: 50 };
  const cases: [string, string][] = [
    [`ISBN ${product.ean13}`, product.ean13],
    [`title words "${words}"`, words],
    [`title with a typo "${typo}"`, typo],
    ['common word "introduction"', 'introduction'],
    ['author "smith"', 'smith'],
  ];
  return cases.map(([label, searchString]) => ({
    name: `GET material/search (${label}; ${product.total.toLocaleString('en-US')} products)`,
    runs: 100,
    budgetP95Ms: budget,
    call: search(large, searchString),
    // 1.5x is issue 26's goal (reported when missed); the run fails only past 2x, as the other
    // lists' benches do: "smith" measured 1.45-1.50x from run to run on 2026-12-07.
    demo: { call: search(demo, searchString), maxGrowth: 2, goal: 1.5 },
  }));
}

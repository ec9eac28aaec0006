import type { FastifyInstance } from 'fastify';
import {
  divisionFulfillment,
  fillPath,
  getAdoptionDeadlines,
  getAdoptionProgressSummary,
  getFulfillmentBreakdown,
  getMarketShare,
  getMetricsDivisions,
  getOrderTypes,
  getStudentPreferences,
  login,
  onTimeOrderFulfillment,
  type Endpoint,
  type MetricsDivision,
} from '@csp/contracts';
import { LARGE_ADMIN, LARGE_PASSWORD } from '../src/db/seed/large-store.ts';
import type { BenchEndpoint } from './endpoints.ts';

const LARGE_HOST = 'large.localhost';

/**
 * The dashboard (issue 13, part 1) on the large store (1,000,000 order items): p95 < 100 ms per
 * metric on PostgreSQL. Each figure is a sum of kept summary rows (ADR 0017), so the term
 * measured is the busiest: the division and term with the most order items.
 */
export async function metricBench(app: FastifyInstance): Promise<BenchEndpoint[]> {
  const signedIn = await app.inject({
    method: 'POST',
    url: login.path,
    headers: { host: LARGE_HOST },
    payload: { userName: LARGE_ADMIN, password: LARGE_PASSWORD },
  });
  if (signedIn.statusCode !== 200) throw new Error(`large login answered ${signedIn.statusCode}`);
  const { token, accountId } = signedIn.json<{ token: string; accountId: number }>();
  const headers = { host: LARGE_HOST, 'auth-token': token };
  const call =
    (contract: Endpoint, input: { query?: object; body?: object } = {}) =>
    async () => {
      const res = await app.inject({
        method: contract.method,
        url: fillPath(contract.path, { userAccountId: accountId }),
        headers,
        query: Object.fromEntries(
          Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)]),
        ),
        ...(input.body && { payload: input.body }),
      });
      if (res.statusCode !== 200)
        throw new Error(`${contract.path} answered ${res.statusCode}: ${res.body}`);
      return res;
    };

  const tabs = (await (await call(getMetricsDivisions)()).json()) as {
    divisions: MetricsDivision[];
  };
  // The busiest term of the store: most items counted in the fulfilment figure.
  let busiest = { divisionId: 0, termId: 0, items: -1 };
  for (const division of tabs.divisions) {
    for (const term of division.terms) {
      const input = { divisionId: division.divisionId, termId: term.termId };
      const res = await call(divisionFulfillment, { body: input })();
      const items = res.json<{ itemCount: number }>().itemCount;
      if (items > busiest.items) busiest = { ...input, items };
    }
  }
  const input = { divisionId: busiest.divisionId, termId: busiest.termId };
  const budget = { pglite: 40, postgres: 20 };
  const metric = (name: string, contract: Endpoint, how: 'body' | 'query'): BenchEndpoint => ({
    name: `metrics ${name} (busiest term)`,
    runs: 200,
    budgetP95Ms: budget,
    note: `${busiest.items} order items`,
    call: async () => void (await call(contract, { [how]: input })()),
  });
  return [
    {
      name: 'metrics getMetricsDivisions (every tab and term)',
      runs: 200,
      budgetP95Ms: budget,
      call: async () => void (await call(getMetricsDivisions)()),
    },
    metric('divisionFulfillment', divisionFulfillment, 'body'),
    metric('getFulfillmentBreakdown', getFulfillmentBreakdown, 'query'),
    metric('onTimeOrderFulfillment', onTimeOrderFulfillment, 'body'),
    metric('getOrderTypes', getOrderTypes, 'query'),
    metric('getMarketShare', getMarketShare, 'query'),
    {
      name: 'metrics studentPreferences (busiest division)',
      runs: 200,
      budgetP95Ms: budget,
      call: async () =>
        void (await call(getStudentPreferences, { query: { divisionId: input.divisionId } })()),
    },
    {
      name: 'metrics getAdoptionProgressSummary (every current term)',
      runs: 100,
      budgetP95Ms: { pglite: 100, postgres: 65 },
      call: async () => void (await call(getAdoptionProgressSummary)()),
    },
    {
      // Issue 30: every coming term's sections against its deadline, counted per read.
      name: 'campaigns getAdoptionDeadlines (every coming term)',
      runs: 50,
      budgetP95Ms: { pglite: 200, postgres: 120 },
      call: async () => void (await call(getAdoptionDeadlines)()),
    },
  ];
}

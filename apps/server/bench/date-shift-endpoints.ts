import type { FastifyInstance } from 'fastify';
import { fillPath, getCourseList } from '@csp/contracts';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { LARGE_ADMIN, LARGE_PASSWORD } from '../src/db/seed/large-store.ts';
import { DEMO_HOST, LARGE_HOST, signIn, type BenchEndpoint } from './endpoints.ts';
import { expectOk } from './expect-ok.ts';

const DAY_MS = 86_400_000;

/** Days the clock is moved: the course list's window starts "today", so its plan must not care. */
export const DATE_SHIFTS = [-180, 180] as const;

/**
 * The course list's default view as it will be, and as it was, half a year from today: the same
 * data under a portal whose clock is moved. Its statement's plan and cost must not drift with
 * the date (issue 26): same budget and growth limit as today's default view.
 */
export async function dateShiftBench(
  db: Db,
  config: Config,
): Promise<{ endpoints: BenchEndpoint[]; close: () => Promise<void> }> {
  const apps: FastifyInstance[] = [];
  const endpoints: BenchEndpoint[] = [];
  for (const days of DATE_SHIFTS) {
    const app = await buildApp({ db, config, now: () => new Date(Date.now() + days * DAY_MS) });
    apps.push(app);
    const large = await signIn(app, LARGE_HOST, LARGE_ADMIN, LARGE_PASSWORD);
    const demoAdmin = DEMO_ACCOUNTS[0]!;
    const demo = await signIn(app, DEMO_HOST, demoAdmin.userName, demoAdmin.password);
    const defaultList = (host: string, who: { token: string; accountId: number }) => async () =>
      expectOk(
        await app.inject({
          method: 'POST',
          url: fillPath(getCourseList.path, { userAccountId: who.accountId }),
          headers: { host, 'auth-token': who.token },
          payload: {},
        }),
        `getCourseList ${days} days`,
      );
    endpoints.push({
      name: `POST getCourseList (default, ${days > 0 ? '+' : ''}${days} days)`,
      runs: 100,
      budgetP95Ms: { pglite: 90, postgres: 50 },
      call: defaultList(LARGE_HOST, large),
      demo: { call: defaultList(DEMO_HOST, demo), maxGrowth: 6, goal: 1.5 },
    });
  }
  return { endpoints, close: async () => void (await Promise.all(apps.map((a) => a.close()))) };
}

import type { FastifyInstance } from 'fastify';
import { closeEndedFunding as closeEndedContract } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { registerScheduledJob } from '../../../lib/scheduled-job.ts';
import { closeEndedFunding } from './closing-run.ts';
import { fundingManager } from '../funding-access.ts';

/** Every day at 00:23 UTC, just after the day a window ended on is over. */
export const CLOSING_CRON = '23 0 * * *';
/** The first run after start, so a server that was down catches up without waiting a day. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * closeEndedFunding (the caller's store), and the daily closing of every store's ended windows
 * in each process that serves requests: once shortly after the server starts listening, then
 * daily. Several processes may run it at once: the source and allowance locks make each
 * balance closed once. Apps that never listen (tests drive them with inject) never start it;
 * closing the app stops it and waits for a run in progress.
 */
export function registerClosingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, closeEndedContract, { tags: ['funding'] }, async ({ request }) => {
    const session = await fundingManager(db, request);
    const now = deps.now();
    return closeEndedFunding(db, {
      locationId: session.locationId,
      today: isoDay(now),
      now,
      actorAccountId: session.accountId,
    });
  });
  registerClosingSchedule(app, deps);
}

function registerClosingSchedule(app: FastifyInstance, deps: AppDeps): void {
  registerScheduledJob(app, {
    name: 'funding-closing',
    cron: CLOSING_CRON,
    firstRunDelayMs: FIRST_RUN_DELAY_MS,
    failure: 'funding closing failed',
    work: async () => {
      const now = deps.now();
      const result = await closeEndedFunding(deps.db, {
        locationId: null,
        today: isoDay(now),
        now,
        actorAccountId: null,
      });
      if (result.sourcesClosed > 0) app.log.info(result, 'funding balances closed');
    },
  });
}

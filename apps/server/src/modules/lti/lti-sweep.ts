import type { FastifyInstance } from 'fastify';
import { LTI_LIMITS } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { registerScheduledJob } from '../../lib/scheduled-job.ts';
import { deleteOutlivedRows, type SweptRows } from './lti-sweep-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every hour at minute 41 (UTC). */
const SWEEP_CRON = '41 * * * *';
const FIRST_RUN_DELAY_MS = 90_000;

/**
 * Removes the LTI rows that have outlived their use (lti-sweep-repository.ts says which) and
 * launch log rows older than LTI_LIMITS.launchLogDays: a launch log names people and courses,
 * and a busy store's would otherwise grow without end. Answers what went.
 */
export function sweepLtiRows(db: AppDeps['db'], now: Date): Promise<SweptRows> {
  const logCutoff = new Date(now.getTime() - LTI_LIMITS.launchLogDays * DAY_MS);
  return deleteOutlivedRows(db, now, logCutoff);
}

/**
 * Runs the sweep hourly in every process that serves requests (two at once delete each row
 * once; what is left is deleted by the next run).
 */
export function registerLtiSweep(app: FastifyInstance, deps: AppDeps): void {
  registerScheduledJob(app, {
    name: 'lti-sweep',
    cron: SWEEP_CRON,
    firstRunDelayMs: FIRST_RUN_DELAY_MS,
    failure: 'sweeping outlived LTI rows failed',
    work: async () => {
      const swept = await sweepLtiRows(deps.db, deps.now());
      if (Object.values(swept).some((n) => n > 0)) app.log.info(swept, 'LTI rows swept');
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { registerScheduledJob } from '../../../lib/scheduled-job.ts';
import { runCampaigns } from './send-job.ts';

/** Every hour at minute 17 (UTC), apart from the rental reminders' minute 7. */
export const CAMPAIGN_CRON = '17 * * * *';
/** The first run after start: a server that was down catches up without waiting an hour. */
const FIRST_RUN_DELAY_MS = 45_000;

/**
 * Sends the adoption campaigns' e-mails on their days (send-job.ts) in every process that
 * serves requests (CAMPAIGN_EMAILS=on, the default). Several processes may run it at once: a
 * step is planned once and each e-mail claimed, in the database.
 */
export function registerCampaignSchedule(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.campaignEmails) return;
  registerScheduledJob(app, {
    name: 'adoption-campaigns',
    cron: CAMPAIGN_CRON,
    firstRunDelayMs: FIRST_RUN_DELAY_MS,
    failure: 'adoption campaign e-mails failed',
    work: async () => {
      await runCampaigns({ ...deps, log: app.log, signal: deps.background.signal }, deps.now());
    },
  });
}

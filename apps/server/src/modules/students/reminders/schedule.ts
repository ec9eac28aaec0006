import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { registerScheduledJob } from '../../../lib/scheduled-job.ts';
import { sendDueRentalReminders } from './job.ts';

/** Every hour at minute 7 (UTC), off the top of the hour when other jobs tend to run. */
export const REMINDER_CRON = '7 * * * *';
/** The first run after start, so a server that was down catches up without waiting an hour. */
export const FIRST_RUN_DELAY_MS = 30_000;

export interface ReminderScheduleOptions {
  /** Tests shorten the wait for the first run. */
  firstRunDelayMs?: number;
}

/**
 * Runs the rental due-date reminders (reminder-job.ts) on a schedule in every process that
 * serves requests (RENTAL_REMINDERS=on, the default): once shortly after the server starts
 * listening, then hourly. Several processes may run it at once: claims in the database make
 * each e-mail go out once. Apps that never listen (tests and the bench drive them with
 * inject) never start it; closing the app stops it and waits for a run in progress.
 */
export function registerReminderSchedule(
  app: FastifyInstance,
  deps: AppDeps,
  options: ReminderScheduleOptions = {},
): void {
  if (!deps.config.rentalReminders) return;
  registerScheduledJob(app, {
    name: 'rental-reminders',
    cron: REMINDER_CRON,
    firstRunDelayMs: options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS,
    failure: 'rental reminders failed',
    work: async () => {
      await sendDueRentalReminders(
        { ...deps, log: app.log, signal: deps.background.signal },
        deps.now(),
      );
    },
  });
}

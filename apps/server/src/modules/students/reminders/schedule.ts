import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
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
  let running: Promise<void> | null = null;
  let cron: Cron | null = null;
  let firstRun: NodeJS.Timeout | null = null;
  let closed = false;

  const run = (): Promise<void> => {
    // One run at a time in this process; an hourly tick during a long run is skipped.
    running ??= sendDueRentalReminders({ ...deps, log: app.log }, deps.now())
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'rental reminders failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onListen', async () => {
    if (closed || cron) return;
    cron = new Cron(REMINDER_CRON, { timezone: 'UTC', unref: true }, () => {
      void run();
    });
    firstRun = setTimeout(() => void run(), options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
    firstRun.unref();
  });

  app.addHook('onClose', async () => {
    closed = true;
    cron?.stop();
    if (firstRun) clearTimeout(firstRun);
    await running;
  });
}

import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { NO_MONITORING, secondsSince } from './monitoring.ts';

export interface ScheduledJob {
  /** Its name in the job metrics (GET /metrics). */
  name: string;
  /** The schedule, a cron pattern in UTC. */
  cron: string;
  /** The wait for the first run after the server starts listening (a server that was down catches up). */
  firstRunDelayMs: number;
  /** What the log says when a run fails. */
  failure: string;
  work: () => Promise<void>;
}

/**
 * Runs `job.work` in a process that serves requests: once shortly after the server starts
 * listening, then on the schedule; one run at a time in this process (a tick during a long run
 * is skipped). Apps that never listen (tests and the bench drive them with inject) never start
 * it; closing the app stops it and waits for a run in progress. A failure is logged.
 */
export function registerScheduledJob(app: FastifyInstance, job: ScheduledJob): void {
  let running: Promise<void> | null = null;
  let cron: Cron | null = null;
  let firstRun: NodeJS.Timeout | null = null;
  let closed = false;

  // An app built without monitoring (a bare Fastify in a test) counts nothing.
  const monitoring = app.hasDecorator('monitoring') ? app.monitoring : NO_MONITORING;
  const run = (): Promise<void> => {
    const start = process.hrtime.bigint();
    running ??= job
      .work()
      .then(
        () => monitoring.jobRun(job.name, 'ok', secondsSince(start)),
        (error: unknown) => {
          app.log.error({ err: error }, job.failure);
          monitoring.jobRun(job.name, 'failed', secondsSince(start));
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onListen', async () => {
    if (closed || cron) return;
    cron = new Cron(job.cron, { timezone: 'UTC', unref: true }, () => {
      void run();
    });
    firstRun = setTimeout(() => void run(), job.firstRunDelayMs);
    firstRun.unref();
  });

  app.addHook('onClose', async () => {
    closed = true;
    cron?.stop();
    if (firstRun) clearTimeout(firstRun);
    await running;
  });
}

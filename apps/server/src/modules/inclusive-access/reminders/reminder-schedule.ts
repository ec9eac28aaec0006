import type { FastifyInstance } from 'fastify';
import { getIaReminderStatus, IA_REMINDER_KINDS } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { registerScheduledJob } from '../../../lib/scheduled-job.ts';
import { route } from '../../../lib/route.ts';
import { iaDivisionTerm, iaDivisions } from '../programs/program-access.ts';
import { reminderCounts } from './reminder-repository.ts';
import { runIaReminders } from './reminder-job.ts';

/** Every hour at minute 27 (UTC), apart from the rental reminders' 7 and the campaigns' 17. */
export const IA_REMINDER_CRON = '27 * * * *';
/** The first run after start: a server that was down catches up without waiting an hour. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Inclusive-access reminders (issue 32, point 3): the scheduled run in every process that
 * serves requests (IA_REMINDERS=on, the default; each reminder is planned once and claimed in
 * the database, so several processes may run it), and the staff's status per term.
 */
export function registerReminderSchedule(app: FastifyInstance, deps: AppDeps): void {
  route(app, getIaReminderStatus, { tags: ['inclusive-access'], errors: [404] }, async (c) => {
    const divisions = await iaDivisions(c.request);
    const { locationId } = c.request.session;
    const term = await iaDivisionTerm(deps.db, locationId, c.params.termId, divisions);
    const counts = await reminderCounts(deps.db, c.params.termId);
    return {
      termId: c.params.termId,
      deadline: term.optOutDeadline,
      kinds: IA_REMINDER_KINDS.map((kind) => {
        const found = counts.find((k) => k.kind === kind);
        const planned = found?.planned ?? 0;
        const sent = found?.sent ?? 0;
        const failing = found?.failing ?? 0;
        return {
          kind,
          planned,
          sent,
          failing,
          waiting: planned - sent - failing,
          lastSentAt: found?.lastSentAt ?? null,
        };
      }),
    };
  });

  if (!deps.config.iaReminders) return;
  registerScheduledJob(app, {
    name: 'inclusive-access-reminders',
    cron: IA_REMINDER_CRON,
    firstRunDelayMs: FIRST_RUN_DELAY_MS,
    failure: 'inclusive access reminders failed',
    work: async () => {
      await runIaReminders({ ...deps, log: app.log, signal: deps.background.signal }, deps.now());
    },
  });
}

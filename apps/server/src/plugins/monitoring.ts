import type { FastifyInstance } from 'fastify';
import { isPortalBusy } from '../lib/database-unavailable.ts';
import type { Mailer } from '../lib/mailer.ts';
import { NO_MONITORING, type Monitoring } from '../lib/monitoring.ts';
import { MailLimitError } from '../modules/mail/index.ts';
import { routeLabel } from './request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's counters (lib/monitoring.ts); NO_MONITORING when METRICS_TOKEN is unset. */
    monitoring: Monitoring;
  }
}

/**
 * Counts every answer by method, route pattern and status, and the refusals that say something
 * about the portal's health (mail limits reached, every database connection busy). Registered
 * on the root before the modules, so its hooks see every route. Off, it adds no hook at all.
 */
export function registerMonitoring(app: FastifyInstance, monitoring: Monitoring): void {
  app.decorate('monitoring', monitoring);
  if (monitoring === NO_MONITORING) return;
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/.../:id), never the URL: ids and queries would each add series.
    const route = routeLabel(request, reply);
    monitoring.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof MailLimitError) monitoring.mailRefused(error.kind);
    else if (isPortalBusy(error)) monitoring.poolBusy();
  });
}

/** The mailer, counting each message it was handed and whether SMTP (or the outbox) took it. */
export function countedMailer(mailer: Mailer, monitoring: Monitoring): Mailer {
  if (monitoring === NO_MONITORING) return mailer;
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
        monitoring.mailSent('sent');
      } catch (error) {
        monitoring.mailSent('failed');
        throw error;
      }
    },
  };
}

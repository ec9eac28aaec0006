import { z } from 'zod';
import { endpoint, FILE_MEDIA_TYPES } from '../common/endpoint.ts';

/** Health paths sit outside the API prefix: they are for process managers and load balancers. */
export const HEALTH_BASE = '/health';

export const liveness = endpoint({
  method: 'GET',
  path: `${HEALTH_BASE}/live`,
  summary: 'Liveness: the process is up and its event loop answers (never touches the database)',
  auth: false,
  access: { kind: 'public' },
  response: z.object({ status: z.literal('ok') }),
});

export const readinessReport = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** The database answered a query. */
  database: z.boolean(),
  /** Every migration this build ships has been applied. */
  migrations: z.boolean(),
  /** The process is shutting down and takes no new work. */
  draining: z.boolean(),
});
export type ReadinessReport = z.infer<typeof readinessReport>;

export const readiness = endpoint({
  method: 'GET',
  path: `${HEALTH_BASE}/ready`,
  summary: 'Readiness: 200 when the database is reachable and migrated, 503 otherwise',
  auth: false,
  access: { kind: 'public' },
  response: readinessReport,
});

/** Where a monitoring system scrapes the portal's counters (Prometheus' customary path). */
export const METRICS_PATH = '/metrics';

export const prometheusMetrics = endpoint({
  method: 'GET',
  path: METRICS_PATH,
  summary:
    "The portal's counters in Prometheus' text format: requests, database pool, jobs, imports, e-mail. Only with METRICS_TOKEN set, to `Authorization: Bearer <token>` (401 otherwise); 404 when it is not set",
  auth: false,
  access: { kind: 'public', credentials: true },
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.prometheus },
});

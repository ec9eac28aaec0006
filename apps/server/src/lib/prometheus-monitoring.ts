import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Monitoring, MonitoringOptions } from './monitoring-types.ts';

/** Request durations, seconds: the portal's calls are budgeted in tens of milliseconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Import durations, seconds: a check of a few rows to an apply of 400,000. */
const IMPORT_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200];
/** Job durations, seconds: a mail to a reminder run over every due rental. */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300];

/**
 * The Monitoring of lib/monitoring.ts over prom-client, in a registry of this app's own (the
 * default global one would refuse a second app's metrics of the same names). Metric names
 * follow Prometheus' conventions: the `csp_` prefix, seconds and `_total` counters.
 */
export function prometheusMonitoring(options: MonitoringOptions): Monitoring {
  const registry = new Registry();
  registry.setDefaultLabels({ engine: options.engine });
  // Process CPU, memory, event-loop lag and garbage collection, as every Node exporter has.
  collectDefaultMetrics({ register: registry, prefix: 'csp_' });
  const requests = new Histogram({
    name: 'csp_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, and how long each took',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'csp_job_duration_seconds',
    help: 'Runs of scheduled jobs and of work after the answer, by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const imports = new Histogram({
    name: 'csp_import_duration_seconds',
    help: 'Import checks and applies, by format, step and outcome',
    labelNames: ['format', 'step', 'outcome'],
    buckets: IMPORT_BUCKETS,
    registers: [registry],
  });
  const importRows = new Counter({
    name: 'csp_import_rows_total',
    help: 'Rows read by import checks and applies, by format and step',
    labelNames: ['format', 'step'],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'csp_mail_messages_total',
    help: 'E-mail messages handed to SMTP (or the outbox folder), by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const mailRefused = new Counter({
    name: 'csp_mail_refused_total',
    help: 'Sends the hourly mail limits refused, by what they were for',
    labelNames: ['kind'],
    registers: [registry],
  });
  const poolBusy = new Counter({
    name: 'csp_db_pool_busy_total',
    help: 'Requests answered busy because every database connection stayed in use',
    registers: [registry],
  });
  for (const outcome of ['sent', 'failed']) mail.inc({ outcome }, 0);
  if (options.poolStats) {
    const stats = options.poolStats;
    new Gauge({
      name: 'csp_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle), requests waiting for one, and the pool size',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = stats();
        this.set({ state: 'in_use' }, now.total - now.idle);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
        this.set({ state: 'max' }, now.size);
      },
    });
  }
  return {
    request: (method, route, status, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    jobRun: (job, outcome, seconds) => jobs.observe({ job, outcome }, seconds),
    importRun: (run) => {
      imports.observe({ format: run.format, step: run.step, outcome: run.outcome }, run.seconds);
      importRows.inc({ format: run.format, step: run.step }, run.rows);
    },
    mailSent: (outcome) => mail.inc({ outcome }),
    mailRefused: (kind) => mailRefused.inc({ kind }),
    poolBusy: () => poolBusy.inc(),
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/**
 * What the portal counts for a monitoring system (GET /metrics, issue 29): requests, the
 * database pool, background jobs, imports and e-mail. One instance per app (tests build many
 * apps in one process). With METRICS_TOKEN unset nothing is kept and prom-client is never
 * loaded (about 130 ms at start): NO_MONITORING's calls do nothing.
 */
import type { Monitoring, MonitoringOptions } from './monitoring-types.ts';

export type {
  ImportRunFigures,
  Monitoring,
  MonitoringOptions,
  PoolStats,
} from './monitoring-types.ts';
const nothing = () => undefined;

export const NO_MONITORING: Monitoring = {
  request: nothing,
  jobRun: nothing,
  importRun: nothing,
  mailSent: nothing,
  mailRefused: nothing,
  poolBusy: nothing,
  scrape: async () => null,
};

/** Counters kept only when `enabled` (METRICS_TOKEN set); prom-client is loaded only then. */
export async function createMonitoring(
  enabled: boolean,
  options: MonitoringOptions,
): Promise<Monitoring> {
  if (!enabled) return NO_MONITORING;
  const { prometheusMonitoring } = await import('./prometheus-monitoring.ts');
  return prometheusMonitoring(options);
}

/** Seconds since `start` (a process.hrtime.bigint() reading). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

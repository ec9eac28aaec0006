/** The shapes of lib/monitoring.ts, apart so its Prometheus implementation can share them. */

export interface Monitoring {
  /** One answered request: its route pattern (never the raw URL, so ids add no series). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One run of a scheduled job or a task after the answer, and how it ended. */
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** One import check or apply: its format, how it ended and the rows it read. */
  importRun(run: ImportRunFigures): void;
  /** One message handed to SMTP (or the outbox), and whether it was taken. */
  mailSent(outcome: 'sent' | 'failed'): void;
  /** A send the hourly mail limits refused, by what it was for (modules/mail/limits.ts). */
  mailRefused(kind: string): void;
  /** A request told the portal is busy: every database connection was in use for too long. */
  poolBusy(): void;
  /** The Prometheus text, or null when monitoring is off. */
  scrape(): Promise<{ contentType: string; body: string } | null>;
}

export interface ImportRunFigures {
  format: string;
  step: 'check' | 'apply';
  outcome: string;
  rows: number;
  seconds: number;
}

/** The connections of a PostgreSQL pool right now (PGlite has none). */
export interface PoolStats {
  size: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface MonitoringOptions {
  engine: 'pglite' | 'postgres';
  poolStats?: () => PoolStats;
}

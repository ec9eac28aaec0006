import type { Config } from './config.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Monitoring } from './lib/monitoring.ts';
import type { AttemptThrottle } from './modules/throttle/index.ts';

/**
 * What route modules need from the app; built once in buildApp. A module that brings a
 * dependency of its own declares that field in its index.ts, with a `declare module` block that
 * adds to this interface (account: the sign-in and reset limiters and the password set-up
 * e-mail; portal: the website resolver), so this file imports no module that imports it back.
 */
export interface AppDeps {
  db: Db;
  /** Which engine `db` is: on the embedded one a long transaction pauses every request (ADR 0042). */
  engine: 'pglite' | 'postgres';
  config: Config;
  /** Counters in the database, for limits every process shares (e-mailed exports). */
  throttle: AttemptThrottle;
  /** Sends e-mail (SMTP, or .eml files in DATA_DIR/mail without SMTP_URL). */
  mailer: Mailer;
  /** Work done after the answer (e-mail); shutdown and tests wait for it with drain(). */
  background: BackgroundTasks;
  /** The clock, injectable for tests. */
  now: () => Date;
  /** What GET /metrics reports (lib/monitoring.ts); counts nothing without METRICS_TOKEN. */
  monitoring: Monitoring;
}

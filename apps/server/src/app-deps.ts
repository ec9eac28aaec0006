import type { Config } from './config.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { ResetRateLimiter } from './modules/account/reset-rate-limiter.ts';
import type { SignInLimiter } from './modules/account/sign-in-limits.ts';
import type { WebsiteResolver } from './modules/portal/website-resolver.ts';

/** What route modules need from the app; built once in buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  websites: WebsiteResolver;
  signInLimiter: SignInLimiter;
  resetLimiter: ResetRateLimiter;
  /** Sends e-mail (SMTP, or .eml files in DATA_DIR/mail without SMTP_URL). */
  mailer: Mailer;
  /** Work done after the answer (e-mail); shutdown and tests wait for it with drain(). */
  background: BackgroundTasks;
  /** The clock, injectable for tests. */
  now: () => Date;
}

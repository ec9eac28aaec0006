import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { ResetRateLimiter } from './modules/account/reset-rate-limiter.ts';
import type { WebsiteResolver } from './modules/portal/website-resolver.ts';
import type { LoginRateLimiter } from './plugins/login-rate-limiter.ts';

/** What route modules need from the app; built once in buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  websites: WebsiteResolver;
  loginLimiter: LoginRateLimiter;
  resetLimiter: ResetRateLimiter;
  /** Sends e-mail (SMTP, or .eml files in DATA_DIR/mail without SMTP_URL). */
  mailer: Mailer;
  /** The clock, injectable for tests. */
  now: () => Date;
}

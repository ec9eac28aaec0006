import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { WebsiteResolver } from './modules/portal/website-resolver.ts';
import type { LoginRateLimiter } from './plugins/login-rate-limiter.ts';

/** What route modules need from the app; built once in buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  websites: WebsiteResolver;
  loginLimiter: LoginRateLimiter;
  /** The clock, injectable for tests. */
  now: () => Date;
}

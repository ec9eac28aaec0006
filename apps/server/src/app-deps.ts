import type { Config } from './config.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type {
  PasswordSetupInput,
  ResetRateLimiter,
  SignInLimiter,
} from './modules/account/index.ts';
import type { WebsiteResolver } from './modules/portal/index.ts';
import type { AttemptThrottle } from './modules/throttle/index.ts';

/** What route modules need from the app; built once in buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  websites: WebsiteResolver;
  signInLimiter: SignInLimiter;
  resetLimiter: ResetRateLimiter;
  /** Counters in the database, for limits every process shares (e-mailed exports). */
  throttle: AttemptThrottle;
  /** Sends e-mail (SMTP, or .eml files in DATA_DIR/mail without SMTP_URL). */
  mailer: Mailer;
  /** Work done after the answer (e-mail); shutdown and tests wait for it with drain(). */
  background: BackgroundTasks;
  /**
   * Mails a new account the link to choose its password. The permissions module creates
   * accounts but must not import the account module (which asks it for actions): it gets this.
   */
  sendPasswordSetupEmail: (input: PasswordSetupInput) => Promise<void>;
  /** The clock, injectable for tests. */
  now: () => Date;
}

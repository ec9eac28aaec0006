import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/pool-settings.ts';

/** The repository root, resolved from this file (apps/server/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEFAULT_MAIL_FROM = 'Campus Store Portal <no-reply@localhost>';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default(join(REPO_ROOT, 'data')),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (or leave it unset)').optional(),
  ),
  DB_POOL_SIZE: z.coerce
    .number()
    .int('must be a whole number')
    .min(1)
    .max(500)
    .default(DEFAULT_POOL_SIZE),
  TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(480),
  REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  LTI_LOCAL_PLATFORMS: booleanFromEnv.optional(),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText.transform((v) => v ?? DEFAULT_MAIL_FROM),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromEnv.default(true),
  RENTAL_REMINDERS: z
    .enum(['on', 'off'], { error: 'use on or off' })
    .default('on')
    .transform((v) => v === 'on'),
  CAMPAIGN_EMAILS: z
    .enum(['on', 'off'], { error: 'use on or off' })
    .default('on')
    .transform((v) => v === 'on'),
  IA_REMINDERS: z
    .enum(['on', 'off'], { error: 'use on or off' })
    .default('on')
    .transform((v) => v === 'on'),
  WEB_DIST: z.string().trim().min(1).default(join(REPO_ROOT, 'apps/web/dist')),
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(24, 'must be at least 24 characters (or leave it unset: no /metrics)')
      .optional(),
  ),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine((v) => !/^(true|\*|0\.0\.0\.0\/0|::\/0)$/i.test(v), {
        error:
          'name the proxies (addresses, CIDR ranges or loopback), not every address: otherwise any client could choose its own address',
      })
      .transform((v) =>
        v
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      .optional(),
  ),
});

/** Server configuration, read once at start from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DB_POOL_SIZE (10 by default): PostgreSQL connections this process keeps open at most. A
   * burst beyond it queues (up to 50 requests per connection, 10 s each) and is then told the
   * portal is busy. Keep processes x pool size under the server's max_connections.
   */
  dbPoolSize: number;
  jwtSecret: Uint8Array;
  tokenTtlMinutes: number;
  rememberDays: number;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /**
   * RENTAL_REMINDERS (on by default, 'off' disables): whether this process e-mails students
   * rental due-date reminders (10, 3 and 1 days before, 1 day after), once shortly after it
   * starts listening and then hourly. Safe in every process of a deployment (each reminder is
   * claimed in the database before it is sent); switch it off where no mail should go out.
   */
  rentalReminders: boolean;
  /**
   * CAMPAIGN_EMAILS (on by default, 'off' disables): whether this process sends the adoption
   * campaigns' e-mails on their days, 45 s after it starts listening and then hourly. Safe in
   * every process (each step is planned once and each e-mail claimed: ADR 0044).
   */
  campaignEmails: boolean;
  /**
   * IA_REMINDERS (on by default, 'off' disables): whether this process e-mails students their
   * inclusive-access reminders (start of term, days before the opt-out deadline), a minute after
   * it starts listening and then hourly. Safe in every process (each reminder is planned once
   * and claimed in the database).
   */
  iaReminders: boolean;
  webDist: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, `loopback`).
   * Behind a proxy, the sign-in and reset limits count per client only when it is set: otherwise
   * every client has the proxy's address and one address's limit would be the whole site's.
   */
  trustProxy: string[] | undefined;
  /**
   * METRICS_TOKEN (unset by default): turns on GET /metrics (Prometheus text format), answered
   * only to `Authorization: Bearer <token>`. Unset, the counters are not kept and /metrics is 404.
   */
  metricsToken: string | undefined;
  /**
   * LTI_LOCAL_PLATFORMS: whether a learning platform's addresses (a registration's key set,
   * authorization and token endpoints and frame origins, a dynamic registration's configuration
   * and the endpoints it names, a deep-linking return URL) may be this computer or a private
   * network. On by default without PUBLIC_URL (development, the demo's platform emulator on
   * 127.0.0.1, tests); off by default with it: on a deployment facing the world a store's
   * manager must not make the server call its own or its network's services (SSRF).
   */
  ltiLocalPlatforms: boolean;
}

/**
 * The configuration as the environment gives it. Without JWT_SECRET the signing secret is not
 * known until the database is open: it is generated once and kept there, so every process on
 * one database signs and accepts the same tokens (see resolveSigningSecret).
 */
export type EnvConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: Uint8Array | undefined };

/** Thrown with every problem of the environment listed, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; every invalid variable is listed in one ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; a relative path means the caller's folder.
  const baseDir = env['INIT_CWD'] ?? process.cwd();
  const dataDir = resolve(baseDir, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : undefined,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    rememberDays: e.REMEMBER_DAYS,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    rentalReminders: e.RENTAL_REMINDERS,
    campaignEmails: e.CAMPAIGN_EMAILS,
    iaReminders: e.IA_REMINDERS,
    webDist: resolve(baseDir, e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    ltiLocalPlatforms: e.LTI_LOCAL_PLATFORMS ?? e.PUBLIC_URL === undefined,
  };
}

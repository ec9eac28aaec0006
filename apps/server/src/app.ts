import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { ResetRateLimiter } from './modules/account/reset-rate-limiter.ts';
import { registerAccountRoutes } from './modules/account/routes.ts';
import { registerPermissionRoutes } from './modules/permissions/routes.ts';
import { registerPortalRoutes } from './modules/portal/routes.ts';
import { WebsiteResolver } from './modules/portal/website-resolver.ts';
import { registerSamlRoutes } from './modules/saml/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { LoginRateLimiter } from './plugins/login-rate-limiter.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerTenancy } from './plugins/tenancy.ts';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** A pino logger; none (silent) when omitted, as in tests. */
  logger?: FastifyBaseLogger;
  /** Replace the sign-in limiter, e.g. one with a test clock. */
  loginLimiter?: LoginRateLimiter;
  /** Replace the password-reset request limiter. */
  resetLimiter?: ResetRateLimiter;
  /** Replace the mailer, e.g. one that captures messages in tests. */
  mailer?: Mailer;
  /** The clock for tokens and remember-me expiry. */
  now?: () => Date;
}

/**
 * Builds the whole HTTP app (plugins, API modules, docs, SPA) without listening, so tests use
 * `app.inject` and server.ts calls `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = options.logger
    ? Fastify({ loggerInstance: options.logger })
    : Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = {
    db: options.db,
    config: options.config,
    websites: new WebsiteResolver(options.db),
    loginLimiter: options.loginLimiter ?? new LoginRateLimiter(),
    resetLimiter: options.resetLimiter ?? new ResetRateLimiter(),
    mailer: options.mailer ?? createMailer(options.config, app.log),
    now: options.now ?? (() => new Date()),
  };

  registerErrorHandling(app);
  registerTenancy(app, deps.websites);
  registerSecurityHeaders(app);
  registerAuth(app, { db: deps.db, jwtSecret: deps.config.jwtSecret });
  await registerOpenApi(app);

  registerPortalRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerPermissionRoutes(app, deps);
  registerSamlRoutes(app, deps);

  await registerSpa(app, deps.config.webDist);
  return app;
}

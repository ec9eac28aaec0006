import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { AttemptThrottle } from './modules/throttle/index.ts';
import {
  registerAccountRoutes,
  ResetRateLimiter,
  sendPasswordSetupEmail,
  SignInLimiter,
} from './modules/account/index.ts';
import { registerAdoptionRoutes } from './modules/adoption/index.ts';
import { registerHealthRoutes } from './modules/health/index.ts';
import { registerPermissionRoutes } from './modules/permissions/index.ts';
import { registerPortalRoutes, WebsiteResolver } from './modules/portal/index.ts';
import { registerResearchRoutes } from './modules/research/index.ts';
import { registerMetricsRoutes } from './modules/metrics/index.ts';
import { registerDataRoutes } from './modules/data/index.ts';
import { registerFundingRoutes } from './modules/funding/index.ts';
import { registerSamlRoutes } from './modules/saml/index.ts';
import { registerStudentRoutes } from './modules/students/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerTenancy } from './plugins/tenancy.ts';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** A pino logger; none (silent) when omitted, as in tests. */
  logger?: FastifyBaseLogger;
  /** Where work after the answer runs; tests pass one to drain() it. */
  background?: BackgroundTasks;
  /** The clock of the sign-in and reset limits (tests move it to start fresh windows). */
  throttleClock?: () => Date;
  /** Replace the mailer, e.g. one that captures messages in tests. */
  mailer?: Mailer;
  /** The clock for tokens and remember-me expiry. */
  now?: () => Date;
  /**
   * Called before any plugin or route is registered, so hooks it adds see every route (tests
   * check every answer against the OpenAPI document).
   */
  instrument?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole HTTP app (plugins, API modules, docs, SPA) without listening, so tests use
 * `app.inject` and server.ts calls `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // The client's address (request.ip) keys the sign-in and reset limits: it is read from
  // X-Forwarded-For only when the request comes from a configured proxy.
  const trustProxy = options.config.trustProxy?.join(',') || false;
  const frameworkErrors = sendFrameworkError;
  const app: FastifyInstance = options.logger
    ? Fastify({ loggerInstance: options.logger, trustProxy, frameworkErrors })
    : Fastify({ logger: false, trustProxy, frameworkErrors });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  options.instrument?.(app);

  const throttle = new AttemptThrottle(options.db, options.throttleClock ?? (() => new Date()));
  const deps: AppDeps = {
    db: options.db,
    config: options.config,
    websites: new WebsiteResolver(options.db),
    signInLimiter: new SignInLimiter(throttle),
    resetLimiter: new ResetRateLimiter(throttle),
    throttle,
    mailer: options.mailer ?? createMailer(options.config, app.log),
    background: options.background ?? new BackgroundTasks(app.log),
    now: options.now ?? (() => new Date()),
    sendPasswordSetupEmail: (input) => sendPasswordSetupEmail(deps, input),
  };
  app.addHook('onClose', () => deps.background.stop());

  registerErrorHandling(app);
  registerTenancy(app, deps.websites);
  await registerSecurityHeaders(app);
  registerAuth(app, { db: deps.db, jwtSecret: deps.config.jwtSecret, now: deps.now });
  await registerOpenApi(app);

  registerHealthRoutes(app, deps);
  registerPortalRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerPermissionRoutes(app, deps);
  registerAdoptionRoutes(app, deps);
  registerSamlRoutes(app, deps);
  registerStudentRoutes(app, deps);
  registerResearchRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerDataRoutes(app, deps);
  registerFundingRoutes(app, deps);

  await registerSpa(app, deps.config.webDist);
  return app;
}

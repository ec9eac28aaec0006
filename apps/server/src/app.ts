import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, HEALTH_BASE } from '@csp/contracts';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createMonitoring, type Monitoring, type PoolStats } from './lib/monitoring.ts';
import { AttemptThrottle } from './modules/throttle/index.ts';
import {
  accountModule,
  ResetRateLimiter,
  sendPasswordSetupEmail,
  SignInLimiter,
} from './modules/account/index.ts';
import { adoptionModule } from './modules/adoption/index.ts';
import { healthModule } from './modules/health/index.ts';
import { registerGrants, permissionsModule } from './modules/permissions/index.ts';
import { portalModule, WebsiteResolver } from './modules/portal/index.ts';
import { researchModule } from './modules/research/index.ts';
import { metricsModule } from './modules/metrics/index.ts';
import { monitoringModule } from './modules/monitoring/index.ts';
import { dataModule } from './modules/data/index.ts';
import { fundingModule } from './modules/funding/index.ts';
import { samlModule } from './modules/saml/index.ts';
import { studentsModule } from './modules/students/index.ts';
import { printModule } from './modules/print/index.ts';
import { storeModule } from './modules/store/index.ts';
import { campaignsModule } from './modules/campaigns/index.ts';
import { inclusiveAccessModule } from './modules/inclusive-access/index.ts';
import { ltiDocumentFraming, ltiModule } from './modules/lti/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors.ts';
import { countedMailer, registerMonitoring } from './plugins/monitoring.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestLog, requestIdOf } from './plugins/request-log.ts';
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
  /** Which engine the db is, for GET /metrics' labels and an apply's pause (from DATABASE_URL when not given). */
  engine?: 'pglite' | 'postgres';
  /** The PostgreSQL pool's connections, for GET /metrics (none on PGlite). */
  poolStats?: () => PoolStats;
  /** Replace the app's monitoring (made from the config otherwise). */
  monitoring?: Monitoring;
}

/**
 * The zod contracts' compilers in the shape of Fastify's compiler factories. Fastify types
 * those factories as Ajv's and fast-json-stringify's (JSON Schema in, compiled function out);
 * the functions they return are called just as the ones `setValidatorCompiler` takes.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Builds the whole HTTP app (plugins, API modules, docs, SPA) without listening, so tests use
 * `app.inject` and server.ts calls `listen`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // The client's address (request.ip) keys the sign-in and reset limits: it is read from
  // X-Forwarded-For only when the request comes from a configured proxy.
  const trustProxy = options.config.trustProxy?.join(',') || false;
  const frameworkErrors = sendFrameworkError;
  // One log line per request, ours (plugins/request-log.ts), keyed by the proxy's request id.
  const requests = {
    genReqId: requestIdOf,
    logController: new LogController({ disableRequestLogging: true }),
    // Every route validates and serialises with its zod contract. Handing Fastify those
    // compilers here, not after it is made, spares loading Ajv and fast-json-stringify, which
    // Fastify would otherwise require as its defaults: 137 ms of the server's start (issue 26).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  };
  const app: FastifyInstance = options.logger
    ? Fastify({ loggerInstance: options.logger, trustProxy, frameworkErrors, ...requests })
    : Fastify({ logger: false, trustProxy, frameworkErrors, ...requests });
  options.instrument?.(app);

  const engine = options.engine ?? (options.config.databaseUrl ? 'postgres' : 'pglite');
  const monitoring =
    options.monitoring ??
    (await createMonitoring(Boolean(options.config.metricsToken), {
      engine,
      poolStats: options.poolStats,
    }));
  // Before any module: their hooks must see every route.
  registerRequestLog(app);
  registerMonitoring(app, monitoring);
  const background = options.background ?? new BackgroundTasks(app.log);
  background.observe((name, outcome, seconds) => monitoring.jobRun(name, outcome, seconds));
  const throttle = new AttemptThrottle(options.db, options.throttleClock ?? (() => new Date()));
  const deps: AppDeps = {
    db: options.db,
    engine,
    config: options.config,
    websites: new WebsiteResolver(options.db),
    signInLimiter: new SignInLimiter(throttle),
    resetLimiter: new ResetRateLimiter(throttle),
    throttle,
    mailer: countedMailer(options.mailer ?? createMailer(options.config, app.log), monitoring),
    background,
    now: options.now ?? (() => new Date()),
    monitoring,
    sendPasswordSetupEmail: (input) => sendPasswordSetupEmail(deps, input),
  };
  app.addHook('onClose', () => deps.background.stop());

  registerErrorHandling(app);
  registerTenancy(app, deps.websites);
  await registerSecurityHeaders(app);
  registerAuth(app, { db: deps.db, jwtSecret: deps.config.jwtSecret, now: deps.now });
  registerGrants(app, deps.db);
  await registerOpenApi(app);

  await app.register(healthModule(deps), { prefix: HEALTH_BASE });
  await app.register(monitoringModule(deps));
  // The portal's calls stand under two roots (site-config and the API): no common prefix.
  await app.register(portalModule(deps));
  for (const module of [
    accountModule,
    permissionsModule,
    adoptionModule,
    samlModule,
    studentsModule,
    printModule,
    researchModule,
    metricsModule,
    dataModule,
    fundingModule,
    storeModule,
    campaignsModule,
    inclusiveAccessModule,
    ltiModule,
  ]) {
    await app.register(module(deps), { prefix: API_PREFIX });
  }

  await registerSpa(app, deps.config.webDist, {
    // A store's learning platforms may frame its pages (LTI launches open in their iframes).
    documentFraming: (request) => ltiDocumentFraming(deps.db, request),
  });
  return app;
}

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER, login, type SessionResponse } from '@csp/contracts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database, Db, QueryListener } from '../db/client.ts';
import { BackgroundTasks } from '../lib/background-tasks.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';
import { checkOutTestDatabase } from './database-pool.ts';
import { type Engine } from './test-database.ts';
import { FIXTURE_PASSWORD, seedTestFixture, type TestFixture } from './test-fixture.ts';

export { testEngines, type Engine } from './test-database.ts';
export { FIXTURE_HOSTS, FIXTURE_PASSWORD, type TestFixture } from './test-fixture.ts';

/** A configuration for tests: fresh random JWT secret, no web build unless given. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'csp-test-unused'),
    databaseUrl: undefined,
    dbPoolSize: 10,
    jwtSecret: new Uint8Array(randomBytes(32)),
    tokenTtlMinutes: 480,
    rememberDays: 30,
    publicUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Test <test@localhost>',
    logLevel: 'silent',
    seedDemo: false,
    // Tests call sendDueRentalReminders themselves; no schedule in a test app.
    rentalReminders: false,
    campaignEmails: false,
    iaReminders: false,
    webDist: join(tmpdir(), `csp-test-no-web-${randomBytes(4).toString('hex')}`),
    trustProxy: undefined,
    metricsToken: undefined,
    // The platform emulator and the tests' fake platforms listen on 127.0.0.1.
    ltiLocalPlatforms: true,
    ...overrides,
  };
}

export interface TestContext {
  engine: Engine;
  app: FastifyInstance;
  db: Db;
  database: Database & { url?: string };
  fixture: TestFixture;
  config: Config;
  /** The app's after-the-answer work (mail): `await background.drain()` before checking mail. */
  background: BackgroundTasks;
  /** Closes the app and drops the database. Call in afterAll. */
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'db' | 'config'>> {
  config?: Partial<Config>;
  /** Told every statement the app runs, to count round trips. */
  onQuery?: QueryListener;
  /** Register extra routes (e.g. a throwing one) before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

/**
 * An empty database on `engine` (handed on from the worker's previous suite or made ahead:
 * database-pool.ts) with the test fixture (two stores, websites on
 * store-a.test / store-b.test, accounts with roles), and the app built over it. Every answer
 * the app gives is checked against its OpenAPI document (test-support/answer-check.ts).
 */
export async function createTestApp(
  engine: Engine,
  options: TestAppOptions = {},
): Promise<TestContext> {
  const database = await checkOutTestDatabase(engine, { onQuery: options.onQuery });
  const fixture = await seedTestFixture(database.db);
  const config = testConfig(options.config);
  const { config: _ignored, extend, onQuery: _onQuery, ...buildOptions } = options;
  const background = buildOptions.background ?? new BackgroundTasks(console);
  const app = await buildApp({
    instrument: checkAnswersAgainstDocument,
    poolStats: database.poolStats?.bind(database),
    engine: database.engine,
    ...buildOptions,
    background,
    db: database.db,
    config,
  });
  extend?.(app);
  await app.ready();
  return {
    engine,
    app,
    db: database.db,
    database,
    fixture,
    config,
    background,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Headers for an authenticated call on a host. */
export function authHeaders(host: string, token: string): Record<string, string> {
  return { host, [AUTH_HEADER]: token };
}

/** Logs in through the API and returns the session; throws unless the login succeeds. */
export async function loginAs(
  app: FastifyInstance,
  host: string,
  userName: string,
  options: { password?: string; remoteAddress?: string } = {},
): Promise<SessionResponse> {
  const res = await app.inject({
    method: 'POST',
    url: login.path,
    headers: { host },
    remoteAddress: options.remoteAddress,
    payload: { userName, password: options.password ?? FIXTURE_PASSWORD },
  });
  if (res.statusCode !== 200)
    throw new Error(`login of ${userName} failed: ${res.statusCode} ${res.body}`);
  return res.json<SessionResponse>();
}

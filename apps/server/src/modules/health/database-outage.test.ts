import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserActions, fillPath, liveness, readiness } from '@csp/contracts';
import { buildApp } from '../../app.ts';
import { createDb, type Database } from '../../db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/errors.ts';
import {
  createPrivatePostgres,
  postgresBinDir,
  type PrivatePostgres,
} from '../../test-support/private-postgres.ts';
import { authHeaders, loginAs, testConfig } from '../../test-support/test-app.ts';
import { FIXTURE_HOSTS, seedTestFixture } from '../../test-support/test-fixture.ts';

const HOST = FIXTURE_HOSTS.a;

/**
 * PostgreSQL going away under a running server: its own throwaway PostgreSQL server, so that
 * stopping it disturbs no other suite. Without a pool error listener the first test crashes
 * the worker (an unhandled 'error' event, 57P01); without the 503 mapping the outage answers 500.
 */
describe.skipIf(!postgresBinDir())('a PostgreSQL outage', () => {
  let server: PrivatePostgres;
  let database: Database;
  let app: FastifyInstance;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    server = await createPrivatePostgres();
    database = await createDb({
      engine: 'postgres',
      url: server.url,
      poolSize: 4,
      onPoolError: (error) => poolErrors.push(error),
    });
    await seedTestFixture(database.db);
    app = await buildApp({ db: database.db, config: testConfig() });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.destroy();
  });

  async function callActions(token: string, accountId: number, userName: string) {
    return app.inject({
      method: 'GET',
      url: `${fillPath(getUserActions.path, { userAccountId: accountId })}?user_name=${encodeURIComponent(userName)}`,
      headers: authHeaders(HOST, token),
    });
  }

  async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
    for (let i = 0; i < 200; i++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('survives its idle connections being terminated and serves again at once', async () => {
    const session = await loginAs(app, HOST, 'admin@store-a.test');
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await waitFor(() => poolErrors.length > 0, 'the pool to notice its broken connections');
    expect((poolErrors[0] as Error & { code?: string }).code).toBe('57P01');

    const res = await callActions(session.token, session.accountId, session.userName);
    expect(res.statusCode).toBe(200);
  });

  it('survives connections cut in the middle of transactions and queries', async () => {
    // Checked-out clients lose the pool's idle listener: without one of their own, the first
    // cut here ends the whole process with an unhandled 'error' event.
    const inFlight = [1, 2, 3].map(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      }),
    );
    const outcomes = Promise.allSettled(inFlight);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await waitFor(async () => {
      const { rows } = await admin.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where query like 'select pg_sleep%' and pid <> pg_backend_pid()`,
      );
      return Number(rows[0]?.n) === 3;
    }, 'three sleeping transactions');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await admin.end();
    const settled = await outcomes;
    expect(settled.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);

    const session = await loginAs(app, HOST, 'admin@store-a.test');
    const res = await callActions(session.token, session.accountId, session.userName);
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while PostgreSQL is down, and recovers by itself', async () => {
    const session = await loginAs(app, HOST, 'admin@store-a.test');
    await server.stop();
    try {
      const during = await callActions(session.token, session.accountId, session.userName);
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(during.headers['retry-after']).toBe('5');

      const login = await app.inject({
        method: 'POST',
        url: '/app-rest/admin_portal/v1/account/login',
        headers: { host: 'unknown-while-down.test' },
        payload: { userName: 'x@y.z', password: 'whatever' },
      });
      expect(login.statusCode).toBe(503);
      // Refused before the security-headers hook ran, and still answered with them.
      expect(login.headers['x-content-type-options']).toBe('nosniff');
      expect(login.headers['content-security-policy']).toContain("frame-ancestors 'none'");

      const ready = await app.inject({ url: readiness.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: false });
      const live = await app.inject({ url: liveness.path });
      expect(live.statusCode).toBe(200);
    } finally {
      await server.start();
    }
    const after = await callActions(session.token, session.accountId, session.userName);
    expect(after.statusCode).toBe(200);
    const ready = await app.inject({ url: readiness.path });
    expect(ready.json()).toEqual({
      status: 'ready',
      database: true,
      migrations: true,
      draining: false,
    });
  });
});

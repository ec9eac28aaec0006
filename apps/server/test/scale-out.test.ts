import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getUserActions,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  validateResetToken,
  type SessionResponse,
} from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { tooManySignInAttempts } from '../src/modules/account/sign-in-limits.ts';
import {
  httpCall,
  startServerProcess,
  waitReady,
  type ServerProcess,
} from '../src/test-support/server-process.ts';
import {
  resetLinkIn,
  startSmtpCapture,
  type SmtpCapture,
} from '../src/test-support/smtp-capture.ts';
import { TEST_DATABASE_URL, testEngines } from '../src/test-support/test-database.ts';

const HOST = 'localhost';
const runOnPostgres = (await testEngines()).includes('postgres');
const password = (userName: string) =>
  DEMO_ACCOUNTS.find((a) => a.userName === userName)?.password ?? '';

/**
 * Two real server processes on one PostgreSQL database, started at the same moment on an empty
 * database: they migrate and seed it once, sign with one secret, share the sign-in limits, and a
 * session, a reset token or a logout on one holds on the other.
 */
describe.skipIf(!runOnPostgres)('two server processes on one PostgreSQL database', () => {
  const dbName = `csp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let servers: ServerProcess[] = [];
  let smtp: SmtpCapture;

  const signIn = async (server: ServerProcess, userName: string, secret = password(userName)) =>
    httpCall(server.port, login.method, login.path, { body: { userName, password: secret } });
  const actionsOf = (server: ServerProcess, s: SessionResponse) =>
    httpCall(
      server.port,
      'GET',
      `${fillPath(getUserActions.path, { userAccountId: s.accountId })}?user_name=${encodeURIComponent(s.userName)}`,
      { token: s.token },
    );

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    const env = { DATABASE_URL: url.toString(), SMTP_URL: smtp.url };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all(servers.map((s) => waitReady(s)));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await smtp?.close();
  });

  it('both start at once on an empty database, which is migrated and seeded once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect(a.exited()).toBe(false);
    expect(b.exited()).toBe(false);
    const db = new pg.Client({
      connectionString: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${dbName}`),
    });
    await db.connect();
    try {
      const stores = await db.query<{ n: string }>('select count(*) as n from locations');
      expect(Number(stores.rows[0]?.n)).toBe(2);
    } finally {
      await db.end();
    }
    const idps = servers.filter((s) => s.output.join('').includes('development IdP at'));
    expect(idps).toHaveLength(1);
  });

  it('a session signed in on one is accepted by the other, and a logout on one ends it on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const res = await signIn(a, 'cma@demo-university.edu');
    expect(res.status).toBe(200);
    const session = res.json<SessionResponse>();
    expect((await actionsOf(b, session)).status).toBe(200);
    const out = await httpCall(a.port, logout.method, logout.path, {
      token: session.token,
      body: { rememberSecret: session.rememberSecret },
    });
    expect(out.status).toBe(200);
    expect((await actionsOf(b, session)).status).toBe(401);
    expect((await actionsOf(a, session)).status).toBe(401);
  });

  it('the sign-in limit holds across both processes', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const user = 'instructor@demo-university.edu';
    for (const server of [a, b, a, b, a]) {
      expect((await signIn(server, user, 'not the password')).status).toBe(401);
    }
    const sixth = await signIn(b, user);
    expect(sixth.status).toBe(429);
    expect(sixth.json<{ message: string }>().message).toMatch(
      /^Too many sign-in attempts\. Try again in /,
    );
    expect(tooManySignInAttempts(15 * 60_000)).toContain('15 minutes');
  });

  it('a reset token mailed by one process works on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const user = 'reporter@demo-university.edu';
    const asked = await httpCall(a.port, requestPasswordReset.method, requestPasswordReset.path, {
      body: { email: user, resetUrl: `http://${HOST}:${a.port}/reset-password?token={token}` },
    });
    expect(asked.status).toBe(200);
    const token = resetLinkIn((await smtp.take(user, 20_000)).raw).searchParams.get('token') ?? '';
    const valid = await httpCall(
      b.port,
      'GET',
      `${validateResetToken.path}?token=${encodeURIComponent(token)}`,
    );
    expect(valid.status).toBe(200);
    const newPassword = 'a scaled out passphrase 2026';
    const reset = await httpCall(b.port, resetPassword.method, resetPassword.path, {
      body: { token, newPassword },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(a, user, newPassword)).status).toBe(200);
  });
});

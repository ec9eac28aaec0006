import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BASE,
  assignUserRoles,
  createUserAccount,
  fillPath,
  getAuthCourses,
  getAuthSections,
  getWebsite,
  login,
  logout,
  resumeSession,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';

const engines = await testEngines();
const FAKE_RANDOM = 'a'.repeat(43);

/** Inputs a database would refuse must come back as 4xx with a message, never as a 500. */
describe.each(engines)('hostile input gets a 4xx (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('a NUL byte in a user name is refused naming the field, at login and at resume', async () => {
    for (const [url, secret] of [
      [login.path, { password: 'whatever-password' }],
      [resumeSession.path, { rememberSecret: `rms1.1.${FAKE_RANDOM}` }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { userName: 'admin\u0000@store-a.test', ...secret },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'userName: must not contain a NUL character',
        field: 'userName',
      });
    }
  });

  it('a NUL byte in a query value is refused naming it: website look-up, account name, catalog codes', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const own = (path: string) => fillPath(path, { userAccountId: admin.id });
    const divisionId = String(ctx.fixture.catalog.divisionId);
    const tries: [string, Record<string, string>, string][] = [
      [getWebsite.path, { searchString: 'store-a.test\u0000' }, 'searchString'],
      [own(createUserAccount.path), { newUsername: 'new@store-a.test', name: 'N\u0000' }, 'name'],
      [own(getAuthCourses.path), { divisionId, departmentCode: 'BIO\u0000' }, 'departmentCode'],
      [
        own(getAuthSections.path),
        { divisionId, departmentCode: 'BIO', courseCode: '101\u0000' },
        'courseCode',
      ],
    ];
    const answers = [];
    for (const [url, query] of tries) {
      const res = await ctx.app.inject({
        method: url.endsWith('createUserAccount') ? 'POST' : 'GET',
        url,
        query,
        headers: authHeaders(FIXTURE_HOSTS.a, session.token),
      });
      answers.push({ url, status: res.statusCode, field: res.json<{ field?: string }>().field });
    }
    expect(answers).toEqual(tries.map(([url, , field]) => ({ url, status: 400, field })));
  });

  it('an account id beyond the integer range in the path is refused before any query', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/99999999999/getUserActions?user_name=${encodeURIComponent(admin.userName)}`,
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
    });
    // The path is checked against the token's account before any query runs.
    expect(res.statusCode).toBe(403);
  });

  it('a role id beyond the integer range in a body is a 400 naming the field', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${fillPath(assignUserRoles.path, { userAccountId: admin.id })}?username=${encodeURIComponent(admin.userName)}`,
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
      payload: { id: 99999999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field?: string }>().field).toBe('id');
  });

  it('a remember-me secret naming an id beyond the integer range is just invalid', async () => {
    const secret = `rms1.9999999999.${FAKE_RANDOM}`;
    const resumed = await ctx.app.inject({
      method: 'POST',
      url: resumeSession.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { userName: ctx.fixture.accounts.admin.userName, rememberSecret: secret },
    });
    expect(resumed.statusCode).toBe(401);
    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: logout.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { rememberSecret: secret },
    });
    expect(loggedOut.statusCode).toBe(200);
  });
});

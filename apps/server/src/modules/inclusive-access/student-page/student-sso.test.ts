import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getIaStudentPage,
  IA_STUDENT_PAGE_MESSAGES as M,
  type IaStudentPage,
  setIaStudentChoice,
  SSO_STUDENT_MODE,
  startIaStudentSession,
  STUDENT_SESSION_HEADER,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { iaWorld } from '../../../test-support/ia-world.ts';
import {
  createSamlTestApp,
  HOST,
  postToAcs,
  startLogin,
  type SamlTestContext,
} from '../../../test-support/saml-test-app.ts';
import { testEngines } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The address of an ACS redirect, split into its path and query. */
function landing(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const url = new URL(String(res.headers['location']), `http://${HOST}`);
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

describe.each(engines)("a student's single sign-on to the student page (%s)", (engine) => {
  let ctx: SamlTestContext;
  let w: ReturnType<typeof iaWorld>;

  beforeAll(async () => {
    ctx = await createSamlTestApp(engine);
    w = iaWorld(ctx);
    // The SAML checks use the real clock, so the page's sections are measured from it too.
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await w.termDates(deadline);
  });
  afterAll(async () => ctx?.close());

  /** A student sign-in answered for `email`: the AuthnRequest, the signed response, the ACS. */
  async function studentSignIn(email: string) {
    const request = await startLogin(ctx, '/research', { mode: SSO_STUDENT_MODE });
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, email);
    return { request, response, acs: await postToAcs(ctx, response, request.relayState) };
  }

  function exchange(token: string) {
    return ctx.app.inject({
      method: 'POST',
      url: startIaStudentSession.path,
      headers: { host: HOST },
      payload: { token },
    });
  }

  async function emailOf(studentId: number) {
    const [row] = await ctx.db
      .select({ email: t.students.email })
      .from(t.students)
      .where(eq(t.students.id, studentId));
    return row!.email;
  }

  async function linkCount() {
    return (await ctx.db.select({ id: t.iaSignInLinks.id }).from(t.iaSignInLinks)).length;
  }

  it("opens a session that reaches the student's own sections and nobody else's", async () => {
    const section = await w.section();
    const program = await w.program(section, [
      { adoptionMaterialId: await w.iaAdoption([section]), priceCents: 5_999 },
    ]);
    const [mine, theirs] = [await w.student('Noah'), await w.student('Other')];
    await w.enrol(mine, section);
    await w.enrol(theirs, section);
    const participants = await w.participants(program);
    const participantOf = (id: number) => participants.find((p) => p.studentId === id)!.id;

    const { request, acs } = await studentSignIn(` ${(await emailOf(mine)).toUpperCase()} `);
    expect(request.relayState).toBe('/my-course-access');
    const { path, query } = landing(acs);
    expect(path).toBe('/my-course-access');
    expect(Object.keys(query)).toEqual(['token']);
    // No staff ticket, and no provider-session cookie: nobody signed in as staff.
    expect(acs.headers['set-cookie']).toBeUndefined();

    const started = await exchange(query['token']!);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ firstName: 'Noah' });
    const session = started.json<{ sessionToken: string }>().sessionToken;
    const headers = { host: HOST, [STUDENT_SESSION_HEADER]: session };

    const page = await ctx.app.inject({ url: getIaStudentPage.path, headers });
    expect(page.statusCode).toBe(200);
    const ids = page.json<IaStudentPage>().sections.map((s) => s.participantId);
    expect(ids).toEqual([participantOf(mine)]);
    const choose = (participantId: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: fillPath(setIaStudentChoice.path, { participantId }),
        headers,
        payload: { choice: 'OUT' },
      });
    expect((await choose(participantOf(theirs))).statusCode).toBe(404);
    expect((await choose(participantOf(mine))).statusCode).toBe(200);
  });

  it("refuses an address that is no student's of the store, a staff account's included", async () => {
    const before = await linkCount();
    for (const email of ['nobody@store-a.test', 'admin@store-a.test']) {
      const { acs } = await studentSignIn(email);
      expect(landing(acs)).toEqual({
        path: '/my-course-access',
        query: { ssoError: 'unknown student' },
      });
      expect(acs.headers['set-cookie']).toBeUndefined();
    }
    expect(await linkCount()).toBe(before);
  });

  it("refuses another store's student", async () => {
    const [other] = await ctx.db
      .insert(t.students)
      .values({
        locationId: ctx.fixture.locations.b,
        studentIdNum: '777000111',
        firstName: 'Bea',
        lastName: 'Elsewhere',
        email: 'bea.elsewhere@store-b.test',
      })
      .returning({ id: t.students.id });
    expect(other).toBeDefined();
    const { acs } = await studentSignIn('bea.elsewhere@store-b.test');
    expect(landing(acs).query).toEqual({ ssoError: 'unknown student' });
  });

  it('lets the code open one session only, and only within a minute', async () => {
    const student = await w.student();
    const email = await emailOf(student);

    const first = landing((await studentSignIn(email)).acs).query['token']!;
    expect((await exchange(first)).statusCode).toBe(200);
    const again = await exchange(first);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: M.linkUsed, field: 'token' });

    const late = landing((await studentSignIn(email)).acs).query['token']!;
    ctx.advanceClock(60_001);
    try {
      const expired = await exchange(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ message: M.linkExpired });
    } finally {
      ctx.advanceClock(-60_001);
    }
  });

  it('refuses a replayed assertion, as a repost and inside a response to a new request', async () => {
    const email = await emailOf(await w.student());
    const assertion = { AssertionID: `_student-replay-${Date.now()}` };
    const first = await startLogin(ctx, '/', { mode: SSO_STUDENT_MODE });
    const response = await ctx.idp.loginResponse(ctx.sp, first.id, email, assertion);
    expect(landing(await postToAcs(ctx, response, first.relayState)).query['token']).toBeDefined();
    const repost = landing(await postToAcs(ctx, response, first.relayState));
    expect(repost).toEqual({ path: '/my-course-access', query: { ssoError: 'not started here' } });

    const second = await startLogin(ctx, '/', { mode: SSO_STUDENT_MODE });
    const again = await ctx.idp.loginResponse(ctx.sp, second.id, email, assertion);
    expect(landing(await postToAcs(ctx, again, second.relayState))).toEqual({
      path: '/my-course-access',
      query: { ssoError: 'already used' },
    });
  });

  it('keeps the staff sign-in as it was: a next of the student page is no student sign-in', async () => {
    const request = await startLogin(ctx, '/my-course-access');
    expect(request.relayState).toBe('/dashboard');
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test');
    const { path, query } = landing(await postToAcs(ctx, response, request.relayState));
    expect(path).toBe('/dashboard');
    expect(Object.keys(query).sort()).toEqual(['ticket', 'userAccountId']);
  });
});

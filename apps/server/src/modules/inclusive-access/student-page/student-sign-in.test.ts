import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_HEADER,
  endIaStudentSession,
  getIaStudentPage,
  IA_STUDENT_PAGE_MESSAGES as M,
} from '@csp/contracts';
import { smtpMailer } from '../../../test-support/campaign-world.ts';
import { iaStudentPageWorld } from '../../../test-support/ia-student-page-world.ts';
import { signIn } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();
const START = new Date('2026-09-01T12:00:00Z');

describe.each(engines)('student page sign-in (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let world: ReturnType<typeof iaStudentPageWorld>;
  let now = START;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => now, mailer: smtpMailer(smtp.url) });
    world = iaStudentPageWorld(ctx, smtp);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("answers the same for a student's address and any other, and mails a link only to the student", async () => {
    const { students } = await world.programWithStudents(1);
    const email = await world.emailOf(students[0]!);
    const before = smtp.messages.length;
    const known = await world.requestLink(`  ${email.toUpperCase()} `, world.nextIp());
    const unknown = await world.requestLink('nobody-enrolled@store-a.test', world.nextIp());
    // A student of store A asked for on store B's website is nobody there.
    const elsewhere = await world.requestLink(email, world.nextIp(), FIXTURE_HOSTS.b);
    for (const res of [known, unknown, elsewhere]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: M.linkRequested });
    }
    await ctx.background.drain();
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([[email.toLowerCase()]]);
    const token = await world.linkToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('opens a session once per link, not after 15 minutes, and not on another store', async () => {
    const { students } = await world.programWithStudents(1);
    const email = await world.emailOf(students[0]!);
    await world.requestLink(email, world.nextIp());
    const token = await world.linkToken(email);

    expect((await world.exchange(token, FIXTURE_HOSTS.b)).statusCode).toBe(404);
    const first = await world.exchange(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ firstName: 'Stu' });
    const again = await world.exchange(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: M.linkUsed, field: 'token' });

    await world.requestLink(email, world.nextIp());
    const late = await world.linkToken(email);
    now = new Date(START.getTime() + 15 * 60_000 + 1);
    try {
      const expired = await world.exchange(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ message: M.linkExpired });
    } finally {
      now = START;
    }
    const unknown = await world.exchange('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
  });

  it('limits requests per address and per client, whether or not the address is a student', async () => {
    const address = 'flood-me@store-a.test';
    for (let i = 0; i < 5; i++) {
      expect((await world.requestLink(address, world.nextIp())).statusCode).toBe(202);
    }
    const sixth = await world.requestLink(address.toUpperCase(), world.nextIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();

    const client = world.nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await world.requestLink(`probe${i}@store-a.test`, client)).statusCode).toBe(202);
    }
    expect((await world.requestLink('probe-last@store-a.test', client)).statusCode).toBe(429);
  });

  it('refuses the page without a student session, with a staff session, and after sign-out', async () => {
    const { students } = await world.programWithStudents(1);
    const session = await world.sessionOf(students[0]!, world.nextIp());
    const page = (headers: Record<string, string>) =>
      ctx.app.inject({ url: getIaStudentPage.path, headers });

    expect((await page(world.asStudent(session))).statusCode).toBe(200);
    expect((await page(world.asStudent(undefined))).statusCode).toBe(401);
    const admin = await signIn(ctx, 'admin@store-a.test');
    expect((await page({ host: FIXTURE_HOSTS.a, [AUTH_HEADER]: admin.token })).statusCode).toBe(
      401,
    );
    expect((await page(world.asStudent(session, FIXTURE_HOSTS.b))).statusCode).toBe(401);

    const out = await ctx.app.inject({
      method: 'POST',
      url: endIaStudentSession.path,
      headers: world.asStudent(session),
    });
    expect(out.statusCode).toBe(200);
    const after = await page(world.asStudent(session));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: M.sessionEnded });
  });

  it('ends a session after its two hours', async () => {
    const { students } = await world.programWithStudents(1);
    const session = await world.sessionOf(students[0]!, world.nextIp());
    now = new Date(START.getTime() + 2 * 3_600_000 + 1);
    try {
      const res = await ctx.app.inject({
        url: getIaStudentPage.path,
        headers: world.asStudent(session),
      });
      expect(res.statusCode).toBe(401);
    } finally {
      now = START;
    }
  });
});

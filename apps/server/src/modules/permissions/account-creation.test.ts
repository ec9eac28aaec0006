import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserAccount,
  getPermissionAudit,
  getPermissionUser,
  getUserRolesAndCatalog,
  type AuditEntry,
} from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { useUpMailAllowance } from '../../test-support/mail-allowance.ts';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './generated-password.ts';
import {
  callAs,
  captureMailer,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe('generatePassword', () => {
  it('is long, mixed and different every time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const p of passwords) {
      expect(p).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(p.length).toBeGreaterThanOrEqual(16);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[2-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });
});

describe.each(engines)('createUserAccount (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let submitter: Caller;
  const mailer = captureMailer();

  beforeAll(async () => {
    ctx = await createTestApp(engine, { mailer });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => ctx?.close());

  const create = (caller: Caller, query: Record<string, string>) =>
    callAs(ctx, caller, createUserAccount, { query });

  it('creates a role-less account, shows its password once, mails a set-up link and audits it', async () => {
    mailer.sent.length = 0;
    const res = await create(admin, {
      newUsername: ' New.Person@store-a.test ',
      name: ' New Person ',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      userName: string;
      password: string;
      passwordSetupEmailSent: boolean;
    }>();
    expect(body).toEqual({
      userName: 'New.Person@store-a.test',
      password: expect.any(String),
      passwordSetupEmailSent: true,
    });
    expect(body.password.length).toBeGreaterThanOrEqual(16);

    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, 'new.person@store-a.test', {
      password: body.password,
    });
    expect(session).toMatchObject({ name: 'New Person', actions: [] });

    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('New.Person@store-a.test');
    expect(mailer.sent[0]?.text).toContain(`http://${FIXTURE_HOSTS.a}/reset-password?token=`);
    expect(mailer.sent[0]?.text).not.toContain(body.password);

    const user = await callAs(ctx, admin, getPermissionUser, {
      query: { username: 'new.person@store-a.test' },
    });
    expect(user.json()).toMatchObject({ name: 'New Person', active: true });
    const roles = await callAs(ctx, admin, getUserRolesAndCatalog, {
      query: { username: 'new.person@store-a.test' },
    });
    expect(roles.json()).toEqual({ authRoleCatalogsDTO: [] });
    const audit = await callAs(ctx, admin, getPermissionAudit, {
      query: { username: 'new.person@store-a.test' },
    });
    expect(audit.json<{ entries: AuditEntry[] }>().entries).toEqual([
      expect.objectContaining({
        event: 'ACCOUNT_CREATED',
        actor: { userName: 'admin@store-a.test', name: 'admin' },
        before: null,
        after: [],
      }),
    ]);
  });

  it('refuses an address already used in this store, in any case, but not one of another store', async () => {
    const taken = await create(admin, { newUsername: 'ADMIN@store-a.test', name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'A user with that e-mail address already exists in this store.',
      field: 'newUsername',
    });
    const otherStore = await create(admin, {
      newUsername: 'admin@store-b.test',
      name: 'Same address, store A',
    });
    expect(otherStore.statusCode).toBe(200);
  });

  it('needs CREATE_USER', async () => {
    const res = await create(submitter, { newUsername: 'someone@store-a.test', name: 'Someone' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to create user accounts.' });
  });

  it('names the offending field of bad input', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: 'No Address' }, 'newUsername'],
      [{ newUsername: 'no-at-sign.edu', name: 'X' }, 'newUsername'],
      [{ newUsername: 'x@nodot', name: 'X' }, 'newUsername'],
      [{ newUsername: 'x@store-a.test' }, 'name'],
      [{ newUsername: 'x@store-a.test', name: '   ' }, 'name'],
      [{ newUsername: 'x@store-a.test', name: 'n'.repeat(201) }, 'name'],
    ];
    for (const [query, field] of cases) {
      const res = await create(admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field, JSON.stringify(query)).toBe(field);
    }
  });

  it('keeps the account when the set-up e-mail fails, and says so', async () => {
    mailer.fail = true;
    try {
      const res = await create(admin, { newUsername: 'mailless@store-a.test', name: 'No Mail' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ passwordSetupEmailSent: false });
    } finally {
      mailer.fail = false;
    }
    const user = await callAs(ctx, admin, getPermissionUser, {
      query: { username: 'mailless@store-a.test' },
    });
    expect(user.statusCode).toBe(200);
  });

  it('refuses a new account over the hourly limit of set-up e-mails, creating nothing', async () => {
    const { locations, accounts } = ctx.fixture;
    const who = { accountId: accounts.admin.id, locationId: locations.a };
    await useUpMailAllowance(ctx.db, 'accountSetup', who, 'account');
    const sent = mailer.sent.length;
    const res = await create(admin, { newUsername: 'one-too-many@store-a.test', name: 'Late' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(res.json().message).toMatch(
      /^You have created 60 accounts \(each is e-mailed a link to set its password\) in the last hour\. Try again in \d+ minutes\.$/,
    );
    expect(mailer.sent.length).toBe(sent);
    const user = await callAs(ctx, admin, getPermissionUser, {
      query: { username: 'one-too-many@store-a.test' },
    });
    expect(user.statusCode).toBe(404);
  });
});

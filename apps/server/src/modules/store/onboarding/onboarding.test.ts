import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../../db/schema/index.ts';
import {
  getPermissionAudit,
  getMetricsDivisions,
  getWebsite,
  PASSWORD_MESSAGES,
  resetPassword,
  validateResetToken,
  type AuditEntry,
} from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { callAs, captureMailer } from '../../../test-support/permissions-test-support.ts';
import { sendPasswordSetupEmail } from '../../account/index.ts';
import { storeInput } from './onboarding-input.ts';
import { createStore, OnboardingError, type OnboardingDeps } from './onboarding.ts';
import {
  addWebsite,
  inviteAdministrator,
  listStoresWithWebsites,
  moveWebsite,
  removeWebsite,
} from './websites.ts';

const engines = await testEngines();

const NEW_STORE = storeInput.parse({
  name: 'Example University Bookstore',
  ref: 'exu',
  taxRatePercent: '7.25',
  emailDomains: ['example.edu'],
  website: { host: 'Bookstore.Example.EDU', siteTitle: 'Example University Bookstore' },
  admin: { email: 'Ada@Example.edu', name: 'Ada Lovelace' },
});

/** The set-password token in an invitation e-mail. */
function tokenIn(text: string | undefined): string {
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link in: ${text}`);
  return token;
}

describe('storeInput', () => {
  it('names each bad option with a reason a person can act on', () => {
    const parsed = storeInput.safeParse({
      name: '',
      ref: 'x',
      taxRatePercent: '7.255',
      website: { host: 'bad host!', siteTitle: 'T', primary: '#ffcc00' },
      admin: { email: 'nope', name: 'A' },
    });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toMatchObject({
      name: 'is required',
      ref: 'must be 2-40 letters, digits, - or _',
      taxRatePercent: 'has more than two decimals',
      'website.host': expect.stringContaining('is not a host name'),
      'website.primary': expect.stringMatching(/too light for white text: contrast 1\.\d\d:1/),
      'admin.email': 'is not an e-mail address',
    });
  });

  it('keeps the host as the host rule stores it and the store code in capitals', () => {
    expect(NEW_STORE.website.host).toBe('bookstore.example.edu');
    expect(NEW_STORE.ref).toBe('EXU');
    expect(NEW_STORE.admin.email).toBe('ada@example.edu');
  });
});

describe.each(engines)('onboarding a store (%s)', (engine) => {
  let ctx: TestContext;
  let deps: OnboardingDeps;
  const mailer = captureMailer();

  beforeAll(async () => {
    ctx = await createTestApp(engine, { mailer });
    const now = () => new Date();
    deps = {
      db: ctx.db,
      now,
      config: { publicUrl: undefined, port: 3000 },
      sendPasswordSetupEmail: (input) => sendPasswordSetupEmail({ db: ctx.db, mailer, now }, input),
    };
  });
  afterAll(async () => ctx?.close());

  it('creates the store, its website and an invited administrator who can sign in with every role', async () => {
    const result = await createStore(deps, NEW_STORE);
    expect(result.store.outcome).toBe('created');
    expect(result.website).toMatchObject({
      outcome: 'created',
      origin: 'http://bookstore.example.edu:3000',
    });
    expect(result.admin.invitation.kind).toBe('sent');

    const site = await ctx.app.inject({
      method: 'GET',
      url: getWebsite.path,
      query: { searchString: 'bookstore.example.edu' },
    });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({ siteTitle: 'Example University Bookstore' });

    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('ada@example.edu');
    const link = mailer.sent[0]?.text ?? '';
    expect(link).toContain('http://bookstore.example.edu:3000/reset-password?token=');
    const host = 'bookstore.example.edu';
    // The invitation sets a first password: the page and its answer say so, not "changed".
    const check = await ctx.app.inject({
      method: validateResetToken.method,
      url: validateResetToken.path,
      headers: { host },
      query: { token: tokenIn(link) },
    });
    expect(check.json()).toEqual({ valid: true, userName: 'ada@example.edu', firstPassword: true });
    const reset = await ctx.app.inject({
      method: resetPassword.method,
      url: resetPassword.path,
      headers: { host },
      payload: { token: tokenIn(link), newPassword: 'a-long-new-store-password-1' },
    });
    expect(reset.json()).toEqual({ message: PASSWORD_MESSAGES.passwordSet });
    const session = await loginAs(ctx.app, host, 'ada@example.edu', {
      password: 'a-long-new-store-password-1',
    });
    expect(session.actions).toEqual(
      expect.arrayContaining(['ASSIGN_PERMISSIONS', 'CREATE_USER', 'DATA_MANAGER']),
    );

    const caller = { accountId: session.accountId, token: session.token, host };
    // A new store: the dashboard says its courses are not in yet, not that roles are missing.
    const dashboard = await callAs(ctx, caller, getMetricsDivisions);
    expect(dashboard.json()).toEqual({ divisions: [], storeHasDivisions: false });
    const audit = await callAs(ctx, caller, getPermissionAudit, {
      query: { username: 'ada@example.edu' },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const events = audit.json<{ entries: AuditEntry[] }>().entries;
    expect(events.map((e) => [e.event, e.actor])).toEqual(
      expect.arrayContaining([
        ['ACCOUNT_CREATED', null],
        ['ROLE_ASSIGNED', null],
      ]),
    );
  });

  it('run again, finds everything and mails nothing; --resend mails a new link', async () => {
    mailer.sent.length = 0;
    const again = await createStore(deps, {
      ...NEW_STORE,
      admin: { ...NEW_STORE.admin, email: 'bob@example.edu', name: 'Bob' },
    });
    expect([again.store.outcome, again.website.outcome, again.admin.outcome]).toEqual([
      'existing',
      'existing',
      'created',
    ]);
    const repeat = await createStore(deps, {
      ...NEW_STORE,
      admin: { email: 'bob@example.edu', name: 'Bob' },
    });
    expect(repeat.admin).toMatchObject({
      outcome: 'existing',
      invitation: { kind: 'already-invited' },
    });
    expect(mailer.sent.map((m) => m.to)).toEqual(['bob@example.edu']);
    const resent = await inviteAdministrator(
      deps,
      'EXU',
      { email: 'bob@example.edu', name: 'Bob' },
      { resend: true },
    );
    expect(resent.invitation.kind).toBe('sent');
    expect(mailer.sent).toHaveLength(2);
    const adaAgain = await createStore(deps, NEW_STORE);
    expect(adaAgain.admin.invitation).toEqual({ kind: 'has-password' });
    const stores = await listStoresWithWebsites(deps);
    expect(stores.filter((s) => s.externalRef === 'EXU')).toHaveLength(1);
  });

  it("refuses another store's host and leaves nothing half made", async () => {
    const taken = createStore(deps, {
      ...NEW_STORE,
      name: 'Copycat',
      ref: 'COPYCAT',
      website: { ...NEW_STORE.website, host: FIXTURE_HOSTS.a },
    });
    await expect(taken).rejects.toThrow(OnboardingError);
    await expect(taken).rejects.toThrow(
      `The host ${FIXTURE_HOSTS.a} is already a website of another store`,
    );
    const stores = await listStoresWithWebsites(deps);
    expect(stores.map((s) => s.externalRef)).not.toContain('COPYCAT');
  });

  it('adds and removes websites, but never a store’s last one', async () => {
    const law = NEW_STORE.website;
    const added = await addWebsite(deps, 'exu', {
      ...law,
      host: 'law.example.edu',
      siteTitle: 'Law Books',
    });
    expect(added.outcome).toBe('created');
    const logo = await ctx.app.inject({
      method: 'GET',
      url: '/site-config/logos/law-example-edu.svg',
      headers: { host: 'law.example.edu' },
    });
    expect(logo.statusCode).toBe(200);
    expect(await removeWebsite(deps, 'law.example.edu')).toMatchObject({
      outcome: 'removed',
      storeRef: 'EXU',
    });
    expect(await removeWebsite(deps, 'law.example.edu')).toEqual({ outcome: 'absent' });
    await expect(removeWebsite(deps, 'bookstore.example.edu')).rejects.toThrow(
      'bookstore.example.edu is the only website of EXU: add another website first.',
    );
    await expect(addWebsite(deps, 'NOPE', law)).rejects.toThrow('No store has the code NOPE.');
  });

  it('moves a website to another host with its branding, sign-on and public address', async () => {
    const added = await addWebsite(deps, 'exu', {
      ...NEW_STORE.website,
      host: 'law-school.example.edu',
      siteTitle: 'Law Books',
      publicUrl: 'https://law-school.example.edu',
    });
    await ctx.db.update(t.websites).set({ ssoType: 'SAML' }).where(eq(t.websites.id, added.id));

    const moved = await moveWebsite(deps, 'law-school.example.edu', 'lawbooks.example.edu');
    expect(moved).toMatchObject({ outcome: 'moved', origin: 'https://lawbooks.example.edu' });
    expect(moved.followUps).toEqual([
      expect.stringContaining(
        'Give the provider the new metadata, https://lawbooks.example.edu/app-rest/saml/v1/metadata',
      ),
    ]);
    const at = (host: string) =>
      ctx.app.inject({ method: 'GET', url: getWebsite.path, query: { searchString: host } });
    expect((await at('lawbooks.example.edu')).json()).toMatchObject({
      siteTitle: 'Law Books',
      ssoType: 'SAML',
    });
    expect((await at('law-school.example.edu')).statusCode).toBe(404);
    const [entry] = await ctx.db
      .select({ actor: t.auditLog.actorAccountId, after: t.auditLog.after })
      .from(t.auditLog)
      .where(eq(t.auditLog.event, 'WEBSITE_CHANGED'));
    expect(entry).toEqual({
      actor: null,
      after: { host: 'lawbooks.example.edu', publicUrl: 'https://lawbooks.example.edu' },
    });

    // Run again: done already. Onto another website's host, or from nowhere: refused.
    expect(await moveWebsite(deps, 'law-school.example.edu', 'lawbooks.example.edu')).toMatchObject(
      {
        outcome: 'existing',
      },
    );
    await expect(moveWebsite(deps, 'lawbooks.example.edu', FIXTURE_HOSTS.a)).rejects.toThrow(
      `The host ${FIXTURE_HOSTS.a} is already a website: remove it first, or choose another host.`,
    );
    await expect(moveWebsite(deps, 'nowhere.example.edu', 'x.example.edu')).rejects.toThrow(
      'No website has the host nowhere.example.edu.',
    );
  });
});

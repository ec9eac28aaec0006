import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactVerify, createLocalJWKSet, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completeLtiDynamicRegistration,
  createLtiRegistrationInvite,
  fillPath,
  getLtiKeySet,
  listLtiRegistrations,
  LTI_INVITE_DAYS,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { loadOrCreateToolKey, toolSigningKey } from './tool-keys.ts';

const engines = await testEngines();

/** A platform's side of dynamic registration: its configuration and registration endpoint. */
interface FakePlatform {
  origin: string;
  configurationUrl: string;
  /** What the portal posted, with its Authorization header. */
  received: { authorization: string | undefined; body: Record<string, unknown> }[];
  /** Changes to the configuration it serves (null: answer 500). */
  configuration: Record<string, unknown> | null;
  server: Server;
  /** Client ids given so far. */
  clients: number;
}

async function startPlatform(): Promise<FakePlatform> {
  const platform = { received: [], configuration: {}, clients: 0 } as unknown as FakePlatform;
  platform.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        if (!platform.configuration) return res.writeHead(500).end('{"error":"down"}');
        return res.end(
          JSON.stringify({
            issuer: platform.origin,
            authorization_endpoint: `${platform.origin}/auth`,
            token_endpoint: `${platform.origin}/token`,
            jwks_uri: `${platform.origin}/jwks`,
            registration_endpoint: `${platform.origin}/register`,
            'https://purl.imsglobal.org/spec/lti-platform-configuration': {
              product_family_code: 'moodle',
            },
            ...platform.configuration,
          }),
        );
      }
      if (req.url === '/register' && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        platform.received.push({ authorization: req.headers.authorization, body });
        if (req.headers.authorization !== 'Bearer reg-token') {
          return res.writeHead(401).end('{"error":"invalid registration token"}');
        }
        return res.end(
          JSON.stringify({
            client_id: `client-${++platform.clients}`,
            ...body,
            'https://purl.imsglobal.org/spec/lti-tool-configuration': {
              ...(body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as object),
              deployment_id: 'dep-1',
            },
          }),
        );
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
  platform.origin = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
  platform.configurationUrl = `${platform.origin}/.well-known/openid-configuration`;
  return platform;
}

describe.each(engines)('LTI dynamic registration and the key set (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let platform: FakePlatform;

  const newInvite = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: fillPath(createLtiRegistrationInvite.path, { userAccountId: admin.accountId }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ url: string; expiresAt: string }>();
  };
  const complete = (invite: string, token = 'reg-token', host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: 'POST',
      url: completeLtiDynamicRegistration.path,
      headers: { host },
      payload: { invite, openidConfiguration: platform.configurationUrl, registrationToken: token },
    });
  const inviteOf = (url: string) => new URL(url).searchParams.get('invite')!;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    platform = await startPlatform();
  });
  beforeEach(() => {
    platform.configuration = {};
    platform.received.length = 0;
  });
  afterAll(async () => {
    platform?.server.close();
    await ctx?.close();
  });

  it('registers with the platform once per invite and saves the registration', async () => {
    const { url, expiresAt } = await newInvite();
    expect(url).toMatch(/^http:\/\/store-a\.test\/lti\/register\?invite=/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(LTI_INVITE_DAYS);

    const res = await complete(inviteOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: `Moodle (${new URL(platform.origin).host})`,
      issuer: platform.origin,
      clientId: 'client-1',
    });
    const [sent] = platform.received;
    expect(sent!.authorization).toBe('Bearer reg-token');
    expect(sent!.body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: 'http://store-a.test/app-rest/lti/v1/login',
      redirect_uris: ['http://store-a.test/app-rest/lti/v1/launch'],
      jwks_uri: 'http://store-a.test/app-rest/lti/v1/jwks',
      token_endpoint_auth_method: 'private_key_jwt',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: 'store-a.test',
        target_link_uri: 'http://store-a.test/app-rest/lti/v1/launch',
        messages: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      },
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: fillPath(listLtiRegistrations.path, { userAccountId: admin.accountId }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(list.json().registrations).toEqual([
      expect.objectContaining({
        issuer: platform.origin,
        clientId: 'client-1',
        deploymentIds: ['dep-1'],
        keySetUrl: `${platform.origin}/jwks`,
        authorizationEndpoint: `${platform.origin}/auth`,
        tokenEndpoint: `${platform.origin}/token`,
        dynamic: true,
      }),
    ]);

    // The invite is spent: a second use (a double submit too) registers nothing.
    const again = await complete(inviteOf(url));
    expect(again.statusCode).toBe(404);
    expect(again.json().field).toBe('invite');
    expect(platform.received).toHaveLength(1);
  });

  it('registers once when the page submits twice at once', async () => {
    const invite = inviteOf((await newInvite()).url);
    const answers = await Promise.all([complete(invite), complete(invite)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(platform.received).toHaveLength(1);
  });

  it('refuses an expired invite, another store’s, and an unknown one', async () => {
    const { url } = await newInvite();
    expect((await complete(inviteOf(url), 'reg-token', FIXTURE_HOSTS.b)).statusCode).toBe(404);
    expect((await complete('made-up')).statusCode).toBe(404);
    await ctx.db.update(t.ltiRegistrationInvites).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await complete(inviteOf(url))).statusCode).toBe(404);
    expect(platform.received).toHaveLength(0);
  });

  it('says why the platform failed, and keeps the invite for a retry', async () => {
    const invite = inviteOf((await newInvite()).url);
    platform.configuration = null;
    const down = await complete(invite);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ field: 'openidConfiguration' });
    expect(down.json().message).toMatch(/answered 500/);

    platform.configuration = { issuer: 'https://elsewhere.example.edu' };
    const foreign = await complete(invite);
    expect(foreign.statusCode).toBe(502);
    expect(foreign.json().message).toMatch(/not the start of its address/);

    platform.configuration = { registration_endpoint: 'ftp://x' };
    expect((await complete(invite)).json().message).toMatch(
      /registration_endpoint is not an https/,
    );

    platform.configuration = {};
    const refused = await complete(invite, 'wrong-token');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ field: 'registrationToken' });
    expect(refused.json().message).toMatch(/answered 401: .*invalid registration token/);

    expect((await complete(invite)).statusCode).toBe(200);
  });

  it('refuses a configuration address that is not https nor this computer', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: completeLtiDynamicRegistration.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { invite: 'x', openidConfiguration: 'http://platform.example.edu/config' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('openidConfiguration');
  });

  it('publishes the store’s key, made once, which verifies what the store signs', async () => {
    const { a, b } = ctx.fixture.locations;
    // Two first uses at once (two processes) each make a key; both end with the stored one.
    const raced = await Promise.all([
      loadOrCreateToolKey(ctx.db, a),
      loadOrCreateToolKey(ctx.db, a),
    ]);
    expect(raced[0].keyId).toBe(raced[1].keyId);
    expect((await ctx.db.select().from(t.ltiToolKeys)).length).toBe(1);
    const one = await toolSigningKey(ctx, a);
    expect(one.keyId).toBe(raced[0].keyId);

    const res = await ctx.app.inject({
      method: 'GET',
      url: getLtiKeySet.path,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toEqual([
      { kty: 'RSA', kid: one.keyId, alg: 'RS256', use: 'sig', n: expect.any(String), e: 'AQAB' },
    ]);
    const jwt = await new SignJWT({ hello: 'platform' })
      .setProtectedHeader({ alg: 'RS256', kid: one.keyId })
      .sign(one.privateKey);
    const verified = await compactVerify(jwt, createLocalJWKSet({ keys }));
    expect(verified.protectedHeader.kid).toBe(one.keyId);

    // Store B has a key of its own.
    const other = await ctx.app.inject({
      method: 'GET',
      url: getLtiKeySet.path,
      headers: { host: FIXTURE_HOSTS.b },
    });
    expect(other.json().keys[0].kid).not.toBe(one.keyId);
    expect((await toolSigningKey(ctx, b)).keyId).toBe(other.json().keys[0].kid);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completeLtiDynamicRegistration,
  createLtiRegistration,
  createLtiRegistrationInvite,
  fillPath,
  LTI_PAGES,
  LTI_PUBLIC_ADDRESS,
  updateLtiRegistration,
  type LtiRegistrationInput,
} from '@csp/contracts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  lastLogRow,
  walkLaunch,
  type LtiWorld,
} from '../../test-support/lti-world.ts';
import { signIn, type Caller } from '../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  FIXTURE_HOSTS,
  testEngines,
  type Engine,
} from '../../test-support/test-app.ts';
import { isLocalAddress } from './platform-address.ts';
import { CANVAS } from './registrations/registration-test-data.ts';

const engines = await testEngines();

describe('isLocalAddress', () => {
  it('names this computer and private networks, however the address is written', () => {
    const local = [
      'http://localhost:3990/jwks',
      'https://LOCALHOST./x',
      'https://lms.localhost/x',
      'http://127.0.0.1:3990/jwks',
      'https://127.1/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://10.20.30.40/x',
      'https://172.16.0.1/x',
      'https://172.31.255.254/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd12:3456::1]/x',
      'https://[fe80::1]/x',
    ];
    const publicOnes = [
      'https://canvas.example.edu/api/lti/security/jwks',
      'https://172.15.0.1/x',
      'https://172.32.0.1/x',
      'https://8.8.8.8/x',
      'https://[2001:db8::1]/x',
      'https://localhost.example.edu/x',
      'not an address',
    ];
    expect(local.filter((address) => !isLocalAddress(address))).toEqual([]);
    expect(publicOnes.filter(isLocalAddress)).toEqual([]);
  });
});

const DEEP_LINK = { messageType: 'LtiDeepLinkingRequest' };
const PUBLIC_PLATFORM = 'https://lms.example.edu';

/**
 * The portal's calls out (fetch) answered as a platform at PUBLIC_PLATFORM would, its
 * configuration changed by `names`: the requests the portal made, by address.
 */
function fakePublicPlatform(names: Record<string, string> = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const address = String(input);
    calls.push(address);
    const answer = address.endsWith('/openid-configuration')
      ? {
          issuer: PUBLIC_PLATFORM,
          authorization_endpoint: `${PUBLIC_PLATFORM}/auth`,
          token_endpoint: `${PUBLIC_PLATFORM}/token`,
          jwks_uri: `${PUBLIC_PLATFORM}/jwks`,
          registration_endpoint: `${PUBLIC_PLATFORM}/register`,
          ...names,
        }
      : { client_id: `client-${calls.length}` };
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/**
 * The suite's LTI world on `engine` with LTI_LOCAL_PLATFORMS `localPlatforms` (made before its
 * tests, closed after), and what its store's administrator and platforms do there.
 */
function suiteWorld(engine: Engine, localPlatforms: boolean) {
  let world: LtiWorld;
  let admin: Caller;
  beforeAll(async () => {
    world = await createLtiWorld(engine, { ltiLocalPlatforms: localPlatforms });
    admin = await signIn(world.ctx, world.ctx.fixture.accounts.admin.userName);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => world?.close());
  const getWorld = () => world;
  const getAdmin = () => admin;
  const call = (contract: { method: string; path: string }, body: object, registrationId = 0) =>
    getWorld().ctx.app.inject({
      method: contract.method as 'POST',
      url: fillPath(contract.path, { userAccountId: getAdmin().accountId, registrationId }),
      headers: authHeaders(getAdmin().host, getAdmin().token),
      payload: body,
    });
  const register = async (openidConfiguration: string) => {
    const invite = (await call(createLtiRegistrationInvite, {})).json<{ url: string }>();
    return getWorld().ctx.app.inject({
      method: 'POST',
      url: completeLtiDynamicRegistration.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: {
        invite: new URL(invite.url).searchParams.get('invite'),
        openidConfiguration,
        registrationToken: 'reg-token',
      },
    });
  };
  const deepLink = (returnUrl: string, clientSuffix: string) => {
    const { instructor } = fixturePeople(getWorld());
    const course = { ...BIO_101.canvas, id: `c-dl-${clientSuffix}` };
    const launch = getWorld().platforms.canvas.launch(instructor, course, {
      ...DEEP_LINK,
      deepLinkReturnUrl: returnUrl,
    });
    return walkLaunch(getWorld(), launch);
  };
  return { getWorld, call, register, deepLink };
}

describe.each(engines)('LTI_LOCAL_PLATFORMS off: a deployment facing the world (%s)', (engine) => {
  const { getWorld, call, register, deepLink } = suiteWorld(engine, false);

  it("refuses a registration's local or private addresses naming the field, takes public ones", async () => {
    const cases: [Partial<LtiRegistrationInput>, string][] = [
      [{ keySetUrl: 'http://127.0.0.1:3990/jwks' }, 'keySetUrl'],
      [{ keySetUrl: 'https://169.254.169.254/latest/meta-data' }, 'keySetUrl'],
      [{ authorizationEndpoint: 'http://localhost:8080/auth' }, 'authorizationEndpoint'],
      [{ authorizationEndpoint: 'https://10.0.0.5/auth' }, 'authorizationEndpoint'],
      [{ tokenEndpoint: 'https://[::1]/token' }, 'tokenEndpoint'],
      [{ tokenEndpoint: 'https://192.168.1.20/token' }, 'tokenEndpoint'],
      [{ frameOrigins: ['https://canvas.example.edu', 'https://172.16.4.4'] }, 'frameOrigins.1'],
      [{ frameOrigins: ['https://[fd00::7]'] }, 'frameOrigins.0'],
    ];
    for (const [change, field] of cases) {
      const res = await call(createLtiRegistration, { ...CANVAS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ field, message: LTI_PUBLIC_ADDRESS.rule });
    }
    const created = await call(createLtiRegistration, {
      ...CANVAS,
      tokenEndpoint: 'https://canvas.example.edu/login/oauth2/token',
      frameOrigins: ['https://canvas.instructure.com'],
    });
    expect(created.statusCode).toBe(200);
    const { registrationId } = created.json();
    const local = { ...CANVAS, keySetUrl: 'https://0.0.0.0/jwks' };
    const changed = await call(updateLtiRegistration, local, registrationId);
    expect(changed.json()).toEqual({ field: 'keySetUrl', message: LTI_PUBLIC_ADDRESS.rule });
    const renamed = await call(
      updateLtiRegistration,
      { ...CANVAS, name: 'Canvas 2' },
      registrationId,
    );
    expect(renamed.json()).toMatchObject({ name: 'Canvas 2', keySetUrl: CANVAS.keySetUrl });
  });

  it('refuses a local openid_configuration before calling it, and local endpoints it names before calling them', async () => {
    const calls = fakePublicPlatform();
    const direct = await register('http://127.0.0.1:3990/.well-known/openid-configuration');
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toEqual({
      field: 'openidConfiguration',
      message: LTI_PUBLIC_ADDRESS.rule,
    });
    expect(calls).toEqual([]);

    const configuration = `${PUBLIC_PLATFORM}/.well-known/openid-configuration`;
    for (const [name, address] of [
      ['registration_endpoint', 'http://127.0.0.1:5432/'],
      ['jwks_uri', 'https://169.254.169.254/latest/meta-data'],
      ['authorization_endpoint', 'https://10.1.1.1/auth'],
      ['token_endpoint', 'https://[fe80::1]/token'],
    ] as const) {
      vi.restoreAllMocks();
      const seen = fakePublicPlatform({ [name]: address });
      const res = await register(configuration);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        field: 'openidConfiguration',
        message: LTI_PUBLIC_ADDRESS.inConfiguration(name),
      });
      // Only the configuration was read: the registration was posted nowhere.
      expect(seen).toEqual([configuration]);
    }

    vi.restoreAllMocks();
    const seen = fakePublicPlatform();
    const res = await register(configuration);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issuer: PUBLIC_PLATFORM });
    expect(seen).toEqual([configuration, `${PUBLIC_PLATFORM}/register`]);
  });

  it('refuses a deep-linking request whose return URL is local, and takes a public one', async () => {
    const refused = await deepLink('http://127.0.0.1:9/return', 'local');
    expect(refused.location).toBe(`${LTI_PAGES.refused}?reason=missing-claims`);
    expect((await lastLogRow(getWorld()))?.detail).toMatch(
      /deep_link_return_url: must be the platform's public address$/,
    );
    const taken = await deepLink('https://canvas.example.edu/courses/1/deep_linking', 'public');
    expect(new URL(taken.location, 'http://portal.invalid').pathname).toBe(LTI_PAGES.deepLink);
  });
});

describe.each(engines)('LTI_LOCAL_PLATFORMS on: development and tests (%s)', (engine) => {
  const { getWorld, call, register, deepLink } = suiteWorld(engine, true);

  it("keeps the emulator's addresses on this computer working", async () => {
    const { canvas } = getWorld().platforms;
    const created = await call(createLtiRegistration, {
      ...CANVAS,
      issuer: canvas.issuer,
      clientId: 'local-copy',
      keySetUrl: canvas.keySetUrl,
      authorizationEndpoint: canvas.authorizationEndpoint,
      frameOrigins: ['http://127.0.0.1:3990'],
    });
    expect(created.statusCode).toBe(200);

    const local = 'http://127.0.0.1:3990';
    fakePublicPlatform({
      issuer: local,
      registration_endpoint: `${local}/register`,
      jwks_uri: `${local}/jwks`,
    });
    const registered = await register(`${local}/.well-known/openid-configuration`);
    expect(registered.statusCode).toBe(200);
    vi.restoreAllMocks();

    const linked = await deepLink('http://127.0.0.1:9/return', 'local');
    expect(new URL(linked.location, 'http://portal.invalid').pathname).toBe(LTI_PAGES.deepLink);
  });
});

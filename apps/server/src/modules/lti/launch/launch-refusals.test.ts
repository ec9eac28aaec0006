import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_CLAIMS, LTI_PAGES, LTI_PATHS, type LtiRefusalReason } from '@csp/contracts';
import type { LaunchOptions } from '../../../test-support/lti-platform/index.ts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  lastLogRow,
  postLaunch,
  startLogin,
  updateRegistration,
  walkLaunch,
  type LtiWorld,
} from '../../../test-support/lti-world.ts';
import { FIXTURE_HOSTS, testEngines } from '../../../test-support/test-app.ts';

const engines = await testEngines();

const refused = (reason: LtiRefusalReason) => `${LTI_PAGES.refused}?reason=${reason}`;

describe.each(engines)('LTI launch: refusals (%s)', (engine) => {
  let world: LtiWorld;
  beforeAll(async () => {
    world = await createLtiWorld(engine);
  });
  afterAll(async () => world?.close());

  /** A Canvas instructor's launch into BIO 101, bent by `options`. */
  const bentLaunch = (options: (w: LtiWorld) => LaunchOptions) =>
    walkLaunch(
      world,
      world.platforms.canvas.launch(
        fixturePeople(world).instructor,
        BIO_101.canvas,
        options(world),
      ),
    );

  /** The page says the reason, and store A's log has the refusal with its technical detail. */
  async function expectRefused(location: string, reason: LtiRefusalReason) {
    expect(location).toBe(refused(reason));
    const row = await lastLogRow(world);
    expect(row).toMatchObject({ outcome: 'REFUSED', reason });
    expect(row!.detail).not.toBe('');
    return row!;
  }

  const badTokens: [string, LtiRefusalReason, (w: LtiWorld) => LaunchOptions][] = [
    [
      'signed by another key under the published key id',
      'bad-signature',
      (w) => ({ token: { key: w.platforms.canvas.unpublishedKey.privateKey } }),
    ],
    [
      'signed by a key the key set does not hold',
      'unknown-key',
      (w) => ({ token: { kid: 'retired-key', key: w.platforms.canvas.unpublishedKey.privateKey } }),
    ],
    [
      'for another tool',
      'wrong-audience',
      () => ({ claims: { aud: 'another-tool', azp: undefined } }),
    ],
    [
      'for several audiences, the authorized party another',
      'wrong-audience',
      (w) => ({ claims: { aud: [w.platforms.canvas.clientId, 'x'], azp: 'x' } }),
    ],
    [
      'for several audiences without an authorized party',
      'wrong-audience',
      (w) => ({ claims: { aud: [w.platforms.canvas.clientId, 'x'], azp: undefined } }),
    ],
    [
      'from another issuer',
      'wrong-issuer',
      () => ({ claims: { iss: 'https://lms.elsewhere.test' } }),
    ],
    [
      'expired beyond the clock tolerance',
      'expired',
      () => ({ token: { issuedAtOffset: -400, lifetime: 300 } }),
    ],
    [
      'issued in the future beyond the clock tolerance',
      'issued-in-future',
      () => ({ token: { issuedAtOffset: 600 } }),
    ],
    [
      'of a deployment the store did not register',
      'unknown-deployment',
      () => ({
        loginDeploymentId: null,
        claims: { [LTI_CLAIMS.deploymentId]: 'another-placement' },
      }),
    ],
    [
      'without the roles claim',
      'missing-claims',
      () => ({ claims: { [LTI_CLAIMS.roles]: undefined } }),
    ],
    [
      'without a resource link',
      'missing-claims',
      () => ({ claims: { [LTI_CLAIMS.resourceLink]: undefined } }),
    ],
    ['without a subject', 'missing-claims', () => ({ claims: { sub: undefined } })],
    [
      'without a deployment',
      'missing-claims',
      () => ({ loginDeploymentId: null, claims: { [LTI_CLAIMS.deploymentId]: undefined } }),
    ],
    [
      'of a mentor (no role that gives access)',
      'no-role',
      () => ({
        claims: {
          [LTI_CLAIMS.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
        },
      }),
    ],
    ['with an empty roles claim', 'no-role', () => ({ claims: { [LTI_CLAIMS.roles]: [] } })],
    [
      'of a message type the portal does not handle',
      'wrong-message',
      () => ({ messageType: 'LtiSubmissionReviewRequest' }),
    ],
    [
      'of another LTI version',
      'wrong-message',
      () => ({ claims: { [LTI_CLAIMS.version]: '1.1.0' } }),
    ],
  ];

  it.each(badTokens)('refuses an id_token %s', async (_case, reason, options) => {
    const walk = await bentLaunch(options);
    expect(walk.posted?.['id_token']).toBeTruthy();
    await expectRefused(walk.location, reason);
  });

  it('refuses a replayed form (the state is single use) and a made-up state', async () => {
    const first = await walkLaunch(
      world,
      world.platforms.moodle.launch(fixturePeople(world).learner, BIO_101.moodle),
    );
    expect(first.location).toContain(LTI_PAGES.courseMaterials);
    await expectRefused(await postLaunch(world.ctx, first.posted!), 'state-mismatch');
    const row = await lastLogRow(world);
    expect(row!.registrationId).toBe(world.registrationIds.moodle);
    const madeUp = { ...first.posted!, state: 'not-a-state-of-ours' };
    await expectRefused(await postLaunch(world.ctx, madeUp), 'state-mismatch');
  });

  it('refuses a replayed id_token under a fresh state (the nonce is not this login’s)', async () => {
    const launch = world.platforms.blackboard.launch(
      fixturePeople(world).instructor,
      BIO_101.blackboard,
    );
    const first = await walkLaunch(world, launch);
    expect(first.location).toContain('/my-courses');
    const authorization = new URL(await startLogin(world.ctx, launch.loginParams));
    const freshState = authorization.searchParams.get('state')!;
    const replay = { id_token: first.posted!['id_token']!, state: freshState };
    await expectRefused(await postLaunch(world.ctx, replay), 'replayed');
  });

  it("refuses another store's registration on store A's host, and store B's state there", async () => {
    const other = world.otherStorePlatform;
    const launch = other.launch(fixturePeople(world).instructor, BIO_101.canvas);
    await expectRefused(await startLogin(world.ctx, launch.loginParams), 'unknown-platform');
    // Started on store B's host (where it is registered), posted to store A's.
    const authorization = await startLogin(world.ctx, launch.loginParams, {
      host: FIXTURE_HOSTS.b,
    });
    expect(authorization.startsWith(other.authorizationEndpoint)).toBe(true);
    const state = new URL(authorization).searchParams.get('state')!;
    const idToken = await other.makeIdToken(
      {},
      { nonce: new URL(authorization).searchParams.get('nonce')! },
    );
    const row = await expectRefused(
      await postLaunch(world.ctx, { id_token: idToken, state }),
      'state-mismatch',
    );
    expect(row.registrationId).toBeNull();
  });

  it('refuses a login for an unknown deployment or an unknown client', async () => {
    const { instructor } = fixturePeople(world);
    const byDeployment = world.platforms.canvas.launch(instructor, BIO_101.canvas, {
      loginDeploymentId: 'nope',
    });
    await expectRefused(
      await startLogin(world.ctx, byDeployment.loginParams),
      'unknown-deployment',
    );
    const byClient = world.platforms.canvas.launch(instructor, BIO_101.canvas, {
      loginClientId: 'nope',
    });
    await expectRefused(await startLogin(world.ctx, byClient.loginParams), 'unknown-platform');
  });

  it('answers an incomplete request with the refusal page, never JSON', async () => {
    await expectRefused(
      await startLogin(world.ctx, { iss: world.platforms.canvas.issuer }),
      'bad-request',
    );
    await expectRefused(await startLogin(world.ctx, {}, { post: true }), 'bad-request');
    await expectRefused(await postLaunch(world.ctx, { state: 'x' }), 'bad-request');
    await expectRefused(await postLaunch(world.ctx, { id_token: 'a.b.c' }), 'bad-request');
    const noBody = await world.ctx.app.inject({
      method: 'POST',
      url: LTI_PATHS.launch,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(noBody.statusCode).toBe(302);
    expect(noBody.headers.location).toBe(refused('bad-request'));
    const error = { error: 'login_required', error_description: 'no session', state: 'x' };
    const row = await expectRefused(await postLaunch(world.ctx, error), 'bad-request');
    expect(row.detail).toContain('login_required');
  });

  it('refuses a token that is not a JWT under a live state', async () => {
    const launch = world.platforms.canvas.launch(fixturePeople(world).instructor, BIO_101.canvas);
    const state = new URL(await startLogin(world.ctx, launch.loginParams)).searchParams.get(
      'state',
    )!;
    await expectRefused(await postLaunch(world.ctx, { id_token: 'garbage', state }), 'bad-request');
  });

  it("refuses when the platform's key set cannot be read", async () => {
    const platform = world.platforms.moodle;
    await updateRegistration(world, 'moodle', { keySetUrl: `${platform.issuer}/no-key-set-here` });
    try {
      const walk = await walkLaunch(
        world,
        platform.launch(fixturePeople(world).instructor, BIO_101.moodle),
      );
      await expectRefused(walk.location, 'key-set-unreachable');
    } finally {
      await updateRegistration(world, 'moodle', { keySetUrl: platform.keySetUrl });
    }
  });
});

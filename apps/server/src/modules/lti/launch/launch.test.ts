import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exchangeSamlTicket, LTI_PAGES, LTI_PATHS, startIaStudentSession } from '@csp/contracts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  lastLogRow,
  SHAPES,
  walkLaunch,
  type LtiWorld,
} from '../../../test-support/lti-world.ts';
import { FIXTURE_HOSTS, testEngines } from '../../../test-support/test-app.ts';

const engines = await testEngines();

describe.each(engines)('LTI launch: full launches (%s)', (engine) => {
  let world: LtiWorld;
  beforeAll(async () => {
    world = await createLtiWorld(engine);
  });
  afterAll(async () => world?.close());

  const landing = (location: string) => new URL(location, 'http://portal.invalid');

  async function exchangeTicket(url: URL) {
    return world.ctx.app.inject({
      method: 'POST',
      url: exchangeSamlTicket.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: {
        ticket: url.searchParams.get('ticket'),
        userAccountId: Number(url.searchParams.get('userAccountId')),
      },
    });
  }

  describe.each(SHAPES)('from %s', (shape) => {
    it('signs the instructor in on My courses with the launched section', async () => {
      const { instructor } = fixturePeople(world);
      const platform = world.platforms[shape];
      const walk = await walkLaunch(world, platform.launch(instructor, BIO_101[shape]));
      const url = landing(walk.location);
      expect(url.pathname).toBe('/my-courses');
      expect(url.searchParams.get('ltiSection')).toBe(String(world.ctx.fixture.catalog.sectionId));
      const account = world.ctx.fixture.accounts.instructor;
      expect(url.searchParams.get('userAccountId')).toBe(String(account.id));
      const session = await exchangeTicket(url);
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ userName: account.userName });
      expect(await lastLogRow(world)).toMatchObject({
        outcome: 'LAUNCHED',
        role: 'INSTRUCTOR',
        registrationId: world.registrationIds[shape],
        accountId: account.id,
        sectionId: world.ctx.fixture.catalog.sectionId,
        contextId: BIO_101[shape].id,
        messageType: 'LtiResourceLinkRequest',
      });
    });

    it("lands the learner on the section's materials with a student code that opens a session", async () => {
      const { learner } = fixturePeople(world);
      const walk = await walkLaunch(world, world.platforms[shape].launch(learner, BIO_101[shape]));
      const url = landing(walk.location);
      expect(url.pathname).toBe(
        `${LTI_PAGES.courseMaterials}/${world.ctx.fixture.catalog.sectionId}`,
      );
      const session = await world.ctx.app.inject({
        method: 'POST',
        url: startIaStudentSession.path,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { token: url.searchParams.get('token') },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ firstName: 'Sam' });
      expect(await lastLogRow(world)).toMatchObject({ outcome: 'LAUNCHED', role: 'LEARNER' });
    });
  });

  it('asks the platform for an id_token as LTI says, passing the hints back unaltered', async () => {
    const platform = world.platforms.moodle;
    const launch = platform.launch(fixturePeople(world).instructor, BIO_101.moodle);
    await walkLaunch(world, launch);
    const query = platform.authorizations.at(-1)!;
    expect(Object.fromEntries(query)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `http://${FIXTURE_HOSTS.a}${LTI_PATHS.launch}`,
      login_hint: launch.loginParams['login_hint'],
      // Moodle's hint is JSON: it comes back byte for byte.
      lti_message_hint: launch.loginParams['lti_message_hint'],
    });
    expect(query.get('state')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
  });

  it('takes a form-posted login, and a login without client_id or deployment', async () => {
    const platform = world.platforms.blackboard;
    const { instructor } = fixturePeople(world);
    const posted = await walkLaunch(world, platform.launch(instructor, BIO_101.blackboard), {
      post: true,
    });
    expect(landing(posted.location).pathname).toBe('/my-courses');
    const bare = platform.launch(instructor, BIO_101.blackboard, {
      loginClientId: null,
      loginDeploymentId: null,
    });
    expect(landing((await walkLaunch(world, bare)).location).pathname).toBe('/my-courses');
  });

  it('counts a teaching assistant as an instructor', async () => {
    const ta = { ...fixturePeople(world).instructor, role: 'ta' as const };
    const walk = await walkLaunch(world, world.platforms.canvas.launch(ta, BIO_101.canvas));
    expect(landing(walk.location).searchParams.get('ltiSection')).toBeTruthy();
  });

  it('keeps who the sub is: a later launch with another e-mail is the same account', async () => {
    const instructor = { ...fixturePeople(world).instructor, id: 'u-moves' };
    await walkLaunch(world, world.platforms.canvas.launch(instructor, BIO_101.canvas));
    const moved = { ...instructor, email: 'ines@elsewhere.test' };
    const walk = await walkLaunch(world, world.platforms.canvas.launch(moved, BIO_101.canvas));
    const url = landing(walk.location);
    expect(url.searchParams.get('userAccountId')).toBe(
      String(world.ctx.fixture.accounts.instructor.id),
    );
  });

  it("follows the platform's key rotation: an unknown key id fetches the key set again", async () => {
    const platform = world.platforms.blackboard;
    const { instructor } = fixturePeople(world);
    const before = await walkLaunch(world, platform.launch(instructor, BIO_101.blackboard));
    expect(landing(before.location).pathname).toBe('/my-courses');
    await platform.rotateKey();
    // jose fetches a key set again at most every 30 s: the rotation comes later than that.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      const after = await walkLaunch(world, platform.launch(instructor, BIO_101.blackboard));
      expect(landing(after.location).pathname).toBe('/my-courses');
    } finally {
      vi.useRealTimers();
    }
  });
});

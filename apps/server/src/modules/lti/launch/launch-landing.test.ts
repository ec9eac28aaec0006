import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  exchangeSamlTicket,
  fillPath,
  getMyCourses,
  LTI_PAGES,
  type ResponseOf,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  lastLogRow,
  updateRegistration,
  walkLaunch,
  type LtiWorld,
} from '../../../test-support/lti-world.ts';
import { authHeaders, FIXTURE_HOSTS, testEngines } from '../../../test-support/test-app.ts';
import { hashOneTimeCode } from '../one-time-code.ts';

const engines = await testEngines();
type MyCoursesAnswer = ResponseOf<typeof getMyCourses>;

/** A course of the platform no pattern maps to the store's catalog. */
const UNMAPPED = { id: 'c-unmapped', label: 'SANDBOX', title: 'Sandbox' };

describe.each(engines)('LTI launch: who and which course (%s)', (engine) => {
  let world: LtiWorld;
  beforeAll(async () => {
    world = await createLtiWorld(engine);
  });
  afterAll(async () => world?.close());

  const landing = (location: string) => new URL(location, 'http://portal.invalid');

  async function accountNamed(userName: string) {
    const [row] = await world.ctx.db
      .select({ id: t.userAccounts.id })
      .from(t.userAccounts)
      .where(eq(t.userAccounts.userName, userName));
    return row;
  }

  async function rolesOf(accountId: number) {
    return world.ctx.db
      .select({ sectionId: t.userRoles.sectionId })
      .from(t.userRoles)
      .where(eq(t.userRoles.accountId, accountId));
  }

  it('makes an unknown instructor an account with no roles and tells them whom to ask, once', async () => {
    const stranger = {
      ...fixturePeople(world).stranger,
      id: 'u-new-1',
      email: 'Nia.New@College.test',
    };
    const first = await walkLaunch(world, world.platforms.canvas.launch(stranger, BIO_101.canvas));
    expect(first.location).toBe(`${LTI_PAGES.noAccess}?reason=new-account`);
    const account = await accountNamed('nia.new@college.test');
    expect(account).toBeDefined();
    expect(await rolesOf(account!.id)).toEqual([]);
    expect(await lastLogRow(world)).toMatchObject({ outcome: 'LAUNCHED', accountId: account!.id });
    // Launched again: the same account (linked by sub), not a second one; it still may not adopt.
    const again = await walkLaunch(world, world.platforms.canvas.launch(stranger, BIO_101.canvas));
    expect(again.location).toBe(`${LTI_PAGES.noAccess}?reason=no-permission`);
    const accounts = await world.ctx.db
      .select()
      .from(t.userAccounts)
      .where(eq(t.userAccounts.email, 'nia.new@college.test'));
    expect(accounts).toHaveLength(1);
  });

  it('gives an unknown instructor INSTRUCTOR on the launched section when the store allows it', async () => {
    const { catalog, locations } = world.ctx.fixture;
    // The registrar's record of the person: a professor of the section with their e-mail.
    const [professor] = await world.ctx.db
      .insert(t.professors)
      .values({
        locationId: locations.a,
        firstName: 'Ola',
        lastName: 'Granted',
        email: 'OLA.granted@college.test',
      })
      .returning({ id: t.professors.id });
    await world.ctx.db
      .insert(t.sectionProfessors)
      .values({ sectionId: catalog.sectionId, professorId: professor!.id });
    await updateRegistration(world, 'moodle', { grantInstructors: true });
    try {
      const stranger = {
        ...fixturePeople(world).stranger,
        id: 'u-new-2',
        email: 'ola.granted@college.test',
      };
      const walk = await walkLaunch(world, world.platforms.moodle.launch(stranger, BIO_101.moodle));
      const url = landing(walk.location);
      expect(url.pathname).toBe('/my-courses');
      expect(url.searchParams.get('ltiSection')).toBe(String(catalog.sectionId));
      const account = await accountNamed('ola.granted@college.test');
      expect(url.searchParams.get('userAccountId')).toBe(String(account!.id));
      expect(await rolesOf(account!.id)).toEqual([{ sectionId: catalog.sectionId }]);
      // Signed in, the section is theirs on My courses: they teach it as the registrar's professor.
      const session = await world.ctx.app.inject({
        method: 'POST',
        url: exchangeSamlTicket.path,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { ticket: url.searchParams.get('ticket'), userAccountId: account!.id },
      });
      const courses = await world.ctx.app.inject({
        method: 'GET',
        url: fillPath(getMyCourses.path, { userAccountId: account!.id }),
        headers: authHeaders(FIXTURE_HOSTS.a, session.json<{ token: string }>().token),
      });
      const sections = courses.json<MyCoursesAnswer>().courses.flatMap((c) => c.sections);
      expect(sections.map((s) => s.sectionId)).toEqual([catalog.sectionId]);
      const [linked] = await world.ctx.db
        .select({ accountId: t.professors.accountId })
        .from(t.professors)
        .where(eq(t.professors.id, professor!.id));
      expect(linked!.accountId).toBe(account!.id);
      // A course that does not map grants nothing: the new account has no roles.
      const other = { ...stranger, id: 'u-new-3', email: 'pia.unmapped@college.test' };
      const unmapped = await walkLaunch(world, world.platforms.moodle.launch(other, UNMAPPED));
      expect(unmapped.location).toBe(`${LTI_PAGES.noAccess}?reason=new-account`);
    } finally {
      await updateRegistration(world, 'moodle', { grantInstructors: false });
    }
  });

  it('refuses an unknown instructor whose platform withholds the e-mail', async () => {
    const { email: _withheld, ...anonymous } = {
      ...fixturePeople(world).stranger,
      id: 'u-no-mail',
    };
    const walk = await walkLaunch(world, world.platforms.canvas.launch(anonymous, BIO_101.canvas));
    expect(walk.location).toBe(`${LTI_PAGES.refused}?reason=missing-claims`);
  });

  it('tells an existing account that may not adopt whom to ask', async () => {
    const inactive = {
      ...fixturePeople(world).instructor,
      id: 'u-inactive',
      email: world.ctx.fixture.accounts.inactive.userName,
    };
    const walk = await walkLaunch(world, world.platforms.canvas.launch(inactive, BIO_101.canvas));
    expect(walk.location).toBe(`${LTI_PAGES.noAccess}?reason=no-permission`);
  });

  it('gives an instructor whose course did not map a pick code kept hashed on the launch', async () => {
    const { instructor } = fixturePeople(world);
    const walk = await walkLaunch(world, world.platforms.blackboard.launch(instructor, UNMAPPED));
    const url = landing(walk.location);
    expect(url.pathname).toBe('/my-courses');
    const pick = url.searchParams.get('ltiPick')!;
    expect(pick).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('ticket')).toBeTruthy();
    const row = await lastLogRow(world);
    expect(row).toMatchObject({
      pickCodeHash: hashOneTimeCode(pick),
      contextId: UNMAPPED.id,
      sectionId: null,
      accountId: world.ctx.fixture.accounts.instructor.id,
      registrationId: world.registrationIds.blackboard,
    });
    expect(row!.pickExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('lands on the section an instructor tied the platform course to', async () => {
    const tied = { id: 'c-tied', label: 'ANYTHING', title: 'Tied course' };
    await world.ctx.db.insert(t.ltiContextLinks).values({
      registrationId: world.registrationIds.canvas,
      contextId: tied.id,
      sectionId: world.ctx.fixture.catalog.sectionId,
    });
    const learnerWalk = await walkLaunch(
      world,
      world.platforms.canvas.launch(fixturePeople(world).learner, tied),
    );
    expect(landing(learnerWalk.location).pathname).toBe(
      `${LTI_PAGES.courseMaterials}/${world.ctx.fixture.catalog.sectionId}`,
    );
    await world.ctx.db
      .delete(t.ltiContextLinks)
      .where(
        and(
          eq(t.ltiContextLinks.registrationId, world.registrationIds.canvas),
          eq(t.ltiContextLinks.contextId, tied.id),
        ),
      );
  });

  it('sends a learner of an unmapped course to "course not found", a stranger without a code', async () => {
    const { learner } = fixturePeople(world);
    const lost = await walkLaunch(world, world.platforms.moodle.launch(learner, UNMAPPED));
    expect(lost.location).toBe(LTI_PAGES.courseNotFound);
    const visitor = { ...learner, id: 'u-visitor', email: 'visitor@college.test' };
    const open = await walkLaunch(world, world.platforms.moodle.launch(visitor, BIO_101.moodle));
    expect(open.location).toBe(
      `${LTI_PAGES.courseMaterials}/${world.ctx.fixture.catalog.sectionId}`,
    );
  });

  it("hands an instructor's deep-linking request to the confirmation page", async () => {
    const { instructor, learner } = fixturePeople(world);
    const options = {
      messageType: 'LtiDeepLinkingRequest',
      deepLinkReturnUrl: 'http://127.0.0.1:9/return',
    };
    const walk = await walkLaunch(
      world,
      world.platforms.canvas.launch(instructor, BIO_101.canvas, options),
    );
    expect(landing(walk.location).pathname).toBe(LTI_PAGES.deepLink);
    expect(landing(walk.location).searchParams.get('code')).toBeTruthy();
    const [link] = await world.ctx.db
      .select()
      .from(t.ltiDeepLinks)
      .where(eq(t.ltiDeepLinks.registrationId, world.registrationIds.canvas));
    expect(link).toMatchObject({
      returnUrl: 'http://127.0.0.1:9/return',
      data: `dl-${BIO_101.canvas.id}`,
      deploymentId: world.platforms.canvas.deploymentId,
      sectionId: world.ctx.fixture.catalog.sectionId,
    });
    const byLearner = await walkLaunch(
      world,
      world.platforms.canvas.launch(learner, BIO_101.canvas, options),
    );
    expect(byLearner.location).toBe(`${LTI_PAGES.refused}?reason=no-role`);
  });
});

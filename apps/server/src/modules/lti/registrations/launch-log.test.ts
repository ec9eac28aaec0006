import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, listLtiLaunches, type LtiLaunchLogEntry } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  walkLaunch,
  type LtiWorld,
} from '../../../test-support/lti-world.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { authHeaders, testEngines } from '../../../test-support/test-app.ts';

const engines = await testEngines();

describe.each(engines)('LTI launch log: who launched, which section (%s)', (engine) => {
  let world: LtiWorld;
  let admin: Caller;
  beforeAll(async () => {
    world = await createLtiWorld(engine);
    admin = await signIn(world.ctx, world.ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => world?.close());

  async function recentLaunches(): Promise<LtiLaunchLogEntry[]> {
    const res = await world.ctx.app.inject({
      method: 'GET',
      url: fillPath(listLtiLaunches.path, { userAccountId: admin.accountId }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().launches;
  }

  it('names the instructor’s account, the student, an unknown person’s platform id, and nobody before the token was read', async () => {
    const people = fixturePeople(world);
    const { canvas, moodle } = world.platforms;
    await walkLaunch(world, canvas.launch(people.instructor, BIO_101.canvas));
    await walkLaunch(world, moodle.launch(people.learner, BIO_101.moodle));
    const ghost = { ...people.learner, id: 'u-ghost', email: 'ghost@elsewhere.test' };
    await walkLaunch(world, moodle.launch(ghost, BIO_101.moodle));
    await walkLaunch(
      world,
      canvas.launch(people.instructor, BIO_101.canvas, {
        token: { key: canvas.unpublishedKey.privateKey },
      }),
    );

    const [refusal, unknown, student, instructor] = await recentLaunches();
    expect(refusal).toMatchObject({ reason: 'bad-signature', person: null });
    expect(unknown).toMatchObject({
      role: 'LEARNER',
      person: { kind: 'UNKNOWN', platformId: 'u-ghost' },
      sectionLabel: 'BIO 101 section 001, Fall 2026',
    });
    expect(student).toMatchObject({
      role: 'LEARNER',
      person: { kind: 'STUDENT', name: 'Sam Student' },
      contextLabel: BIO_101.moodle.label,
      sectionLabel: 'BIO 101 section 001, Fall 2026',
    });
    expect(instructor).toMatchObject({
      outcome: 'LAUNCHED',
      role: 'INSTRUCTOR',
      person: { kind: 'ACCOUNT', name: 'instructor', userName: 'instructor@store-a.test' },
      contextLabel: BIO_101.canvas.label,
      sectionLabel: 'BIO 101 section 001, Fall 2026',
    });
  });

  it('never names another store’s account or student, even when a row points at them', async () => {
    const { locations, accounts } = world.ctx.fixture;
    const [otherStudent] = await world.ctx.db
      .insert(t.students)
      .values({
        locationId: locations.b,
        studentIdNum: '800000001',
        firstName: 'Bea',
        lastName: 'Elsewhere',
        email: 'bea@store-b.test',
      })
      .returning({ id: t.students.id });
    const registrationId = world.registrationIds.canvas;
    await world.ctx.db.insert(t.ltiSubjects).values([
      { registrationId, subject: 'u-store-b-student', studentId: otherStudent!.id },
      { registrationId, subject: 'u-store-b-account', accountId: accounts.storeB.id },
    ]);
    const at = new Date(Date.now() + 60_000);
    await world.ctx.db.insert(t.ltiLaunches).values([
      {
        locationId: locations.a,
        registrationId,
        at,
        outcome: 'LAUNCHED',
        role: 'INSTRUCTOR',
        subject: 'u-store-b-admin',
        accountId: accounts.storeB.id,
      },
      {
        locationId: locations.a,
        registrationId,
        at,
        outcome: 'LAUNCHED',
        role: 'LEARNER',
        subject: 'u-store-b-student',
      },
      {
        locationId: locations.a,
        registrationId,
        at,
        outcome: 'REFUSED',
        reason: 'no-role',
        subject: 'u-store-b-account',
      },
    ]);

    const launches = await recentLaunches();
    const people = launches.slice(0, 3).map((launch) => launch.person);
    expect(people).toEqual([
      { kind: 'UNKNOWN', platformId: 'u-store-b-account' },
      { kind: 'UNKNOWN', platformId: 'u-store-b-student' },
      { kind: 'UNKNOWN', platformId: 'u-store-b-admin' },
    ]);
    const body = JSON.stringify(launches);
    expect(body).not.toContain('Elsewhere');
    expect(body).not.toContain(accounts.storeB.userName);
  });
});

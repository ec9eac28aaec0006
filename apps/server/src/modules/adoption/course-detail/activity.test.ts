import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionMaterials,
  getAdoptionMaterialHistoryItems,
  type AdoptionMaterialDTO,
  postAdoptionMaterialMessage,
  removeAdoptionFromSection,
  removeProposedTitleAutoAdoption,
  type AdoptionHistoryItem,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import { ADOPTION_MESSAGES } from '../messages.ts';

const engines = await testEngines();

/** Messages and section changes on an adoption, and the history that records them. */
describe.each(engines)('adoption: messages, section changes, history (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let adoptionId = 0;
  let autoId = 0;
  let secondSectionId = 0;
  const who: Record<string, Caller> = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    const { locations, catalog, accounts } = ctx.fixture;
    const db = ctx.db;
    // BIO 101 gets a second section; one submitter is scoped to that section only.
    const [second] = await db
      .insert(t.sections)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        termId: catalog.termId,
        code: '002',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning({ id: t.sections.id });
    secondSectionId = second?.id ?? 0;
    const [submitterRole] = await db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'SUBMITTER'));
    const sectionSubmitter = await addAccount(db, locations.a, 'sec2@store-a.test');
    await db.insert(t.userRoles).values({
      locationId: locations.a,
      accountId: sectionSubmitter.id,
      roleId: submitterRole?.id ?? 0,
      divisionId: catalog.divisionId,
      departmentId: catalog.departmentId,
      courseId: catalog.courseId,
      sectionId: secondSectionId,
    });
    const chem = await addCatalog(db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'CHEM',
    });
    await addAccount(db, locations.a, 'chem-sub@store-a.test', [
      { role: 'SUBMITTER', departmentId: chem.departmentId },
    ]);
    // The department submitter adopted a book for section 001.
    const [title] = await db
      .insert(t.titles)
      .values({ locationId: locations.a, ean13: '9780306406157', description: 'Cells' })
      .returning({ id: t.titles.id });
    const [adoption] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        titleId: title?.id ?? null,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-08-01',
        createdBy: accounts.submitterDepartment.id,
      })
      .returning({ id: t.adoptionMaterials.id });
    adoptionId = adoption?.id ?? 0;
    const [proposed] = await db
      .insert(t.proposedTitles)
      .values({ locationId: locations.a, description: 'Lab manual (to be written)' })
      .returning({ id: t.proposedTitles.id });
    const [auto] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        proposedTitleId: proposed?.id ?? null,
        adoptionType: 'AUTO_ADOPTION',
        startDate: '2026-08-01',
      })
      .returning({ id: t.adoptionMaterials.id });
    autoId = auto?.id ?? 0;
    await db.insert(t.adoptionMaterialSections).values([
      { adoptionMaterialId: adoptionId, sectionId: catalog.sectionId },
      { adoptionMaterialId: adoptionId, sectionId: secondSectionId },
    ]);
    for (const [key, userName] of [
      ['admin', accounts.admin.userName],
      ['submitter', accounts.submitterDepartment.userName],
      ['instructor', accounts.instructor.userName],
      ['sec2', 'sec2@store-a.test'],
      ['chem', 'chem-sub@store-a.test'],
    ] as const) {
      who[key] = await signIn(ctx, userName);
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const as = (key: string) => {
    const caller = who[key];
    if (!caller) throw new Error(`no caller ${key}`);
    return caller;
  };
  const post = (key: string, body: object) =>
    callAs(ctx, as(key), postAdoptionMaterialMessage, { body });
  const history = async (key = 'admin') =>
    (
      await callAs(ctx, as(key), getAdoptionMaterialHistoryItems, {
        query: { adoptionMaterialId: adoptionId },
      })
    ).json<AdoptionHistoryItem[]>();
  const messages = async () => (await history()).filter((h) => h.action === 'MESSAGE_POSTED');

  it('asks the submitter by e-mail and marks the adoption response required', async () => {
    const res = await post('admin', {
      adoptionMaterialId: adoptionId,
      notifySubmitter: true,
      ccEmailList: ['buyer@store-a.test'],
      message: 'Is the 2nd edition acceptable?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      adoptionMaterialId: adoptionId,
      adoptionMessagingStatusName: 'RESPONSE_REQUIRED',
      posted: {
        action: 'MESSAGE_POSTED',
        label: 'Message posted',
        message: 'Is the 2nd edition acceptable?',
        notifySubmitter: true,
        ccEmailList: ['buyer@store-a.test'],
        actor: { userName: ctx.fixture.accounts.admin.userName },
      },
    });
    await ctx.background.drain();
    const toSubmitter = await smtp.take(ctx.fixture.accounts.submitterDepartment.userName);
    expect(toSubmitter.raw).toContain('Is the 2nd edition acceptable?');
    expect(toSubmitter.raw).toContain('A response is needed');
    expect((await smtp.take('buyer@store-a.test')).raw).toContain('2nd edition');
  });

  it('posts a message once however often it is submitted', async () => {
    const body = { adoptionMaterialId: adoptionId, message: 'Ordering 40 copies.' };
    const before = (await messages()).length;
    const answers = await Promise.all([post('admin', body), post('admin', body)]);
    const again = await post('admin', body);
    expect([...answers, again].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set([...answers, again].map((r) => r.json().posted.id)).size).toBe(1);
    expect((await messages()).length).toBe(before + 1);
    // The course's adoption list counts the thread's messages, as the card shows them.
    const list = await ctx.app.inject({
      url: fillPath(getAdoptionMaterials.path, {
        userAccountId: as('admin').accountId,
        divisionId: ctx.fixture.catalog.divisionId,
        departmentCode: 'BIO',
        courseCode: '101',
      }),
      headers: authHeaders(as('admin').host, as('admin').token),
    });
    const listed = list
      .json<{ adoptionMaterials: AdoptionMaterialDTO[] }>()
      .adoptionMaterials.find((a) => a.adoptionMaterialId === adoptionId);
    expect(listed?.messageCount).toBe(before + 1);
  });

  it('marks the adoption responded when its submitter answers', async () => {
    const res = await post('submitter', {
      adoptionMaterialId: adoptionId,
      message: 'Yes, any edition.',
    });
    expect(res.json().adoptionMessagingStatusName).toBe('RESPONDED');
    const [row] = await ctx.db
      .select({ status: t.adoptionMaterials.messagingStatus })
      .from(t.adoptionMaterials)
      .where(eq(t.adoptionMaterials.id, adoptionId));
    expect(row?.status).toBe('RESPONDED');
  });

  it('removes the adoption from one section, records it once, and puts it back', async () => {
    const change = (key: string, sectionId: number, remove: boolean) =>
      callAs(ctx, as(key), removeAdoptionFromSection, {
        body: { adoptionMaterialId: adoptionId, sectionId, remove },
      });
    const { sectionId } = ctx.fixture.catalog;
    const removed = await change('instructor', sectionId, true);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ adoptionMaterialId: adoptionId, sectionId, removed: true });
    expect((await change('instructor', sectionId, true)).statusCode).toBe(200);
    const entries = (await history()).filter((h) => h.action === 'REMOVED_FROM_SECTION');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: 'Removed from a section',
      before: { sectionId, removed: false },
      after: { sectionId, removed: true },
      actor: { userName: ctx.fixture.accounts.instructor.userName },
    });
    expect((await change('admin', sectionId, false)).json().removed).toBe(false);
    // Seen from a section of the course that is not theirs: 403; a section it is not on: 404.
    const notTheirs = await change('sec2', sectionId, true);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toEqual({
      message: ADOPTION_MESSAGES.mayNotChangeSection,
      field: 'sectionId',
    });
    expect((await change('sec2', secondSectionId, true)).statusCode).toBe(200);
    const notOn = await change('admin', 2_000_000_000, true);
    expect(notOn.statusCode).toBe(404);
    expect(notOn.json().field).toBe('sectionId');
  });

  it('ends a course adoption of a proposed title for those who adopt on the course, once', async () => {
    const end = (key: string, id: number) =>
      callAs(ctx, as(key), removeProposedTitleAutoAdoption, { body: { adoptionMaterialId: id } });
    const sectionOnly = await end('sec2', autoId);
    expect(sectionOnly.statusCode).toBe(403);
    expect(sectionOnly.json()).toEqual({ message: ADOPTION_MESSAGES.mayNotChangeCourse });
    const notAuto = await end('submitter', adoptionId);
    expect(notAuto.statusCode).toBe(400);
    expect(notAuto.json()).toEqual({
      message: ADOPTION_MESSAGES.notProposedAutoAdoption,
      field: 'adoptionMaterialId',
    });
    expect((await end('submitter', autoId)).json()).toEqual({
      adoptionMaterialId: autoId,
      active: false,
    });
    expect((await end('submitter', autoId)).statusCode).toBe(200);
    const items = (
      await callAs(ctx, as('admin'), getAdoptionMaterialHistoryItems, {
        query: { adoptionMaterialId: autoId },
      })
    ).json<AdoptionHistoryItem[]>();
    expect(items.map((i) => i.action)).toEqual(['AUTO_ADOPTION_REMOVED']);
  });

  it('keeps another department’s adoption out of reach (404), and refuses bad input (400)', async () => {
    const read = await callAs(ctx, as('chem'), getAdoptionMaterialHistoryItems, {
      query: { adoptionMaterialId: adoptionId },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({
      message: ADOPTION_MESSAGES.adoptionNotFound,
      field: 'adoptionMaterialId',
    });
    expect(
      (await post('chem', { adoptionMaterialId: adoptionId, message: 'Hello' })).statusCode,
    ).toBe(404);
    const empty = await post('admin', { adoptionMaterialId: adoptionId, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'message' });
    const badCc = await post('admin', {
      adoptionMaterialId: adoptionId,
      message: 'x',
      ccEmailList: ['not-an-address'],
    });
    expect(badCc.statusCode).toBe(400);
    expect(badCc.json().field).toBe('ccEmailList.0');
  });

  it('shows the history oldest first to anyone who works on the course', async () => {
    const items = await history('sec2');
    expect(items.length).toBeGreaterThanOrEqual(5);
    const times = items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

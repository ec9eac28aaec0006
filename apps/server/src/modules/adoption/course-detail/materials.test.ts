import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionMaterialHistory,
  getAdoptionMaterials,
  type AdoptionMaterialDTO,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  addCatalog,
  signIn,
  type Caller,
  type ExtraCatalog,
} from '../../../test-support/permissions-test-support.ts';
import { formatEan13 } from '../wizard/titles.ts';
import { ADOPTION_MESSAGES } from '../messages.ts';

/** A date `days` from today (tests never depend on the calendar). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const engines = await testEngines();

/** What the course screen lists: the course's active adoptions and what each adopts. */
describe.each(engines)('adoption: adoptions of a course (%s)', (engine) => {
  let ctx: TestContext;
  let geo: ExtraCatalog;
  let admin: Caller;
  let submitter: Caller;
  const ids = { section: 0, auto: 0, inactive: 0, otherSection: 0 };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { locations, catalog } = ctx.fixture;
    const db = ctx.db;
    geo = await addCatalog(db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'GEO',
    });
    const [other] = await db
      .insert(t.sections)
      .values({
        locationId: locations.a,
        courseId: geo.courseId,
        termId: catalog.termId,
        code: '003',
        startDate: '2027-01-11',
        endDate: '2027-05-07',
      })
      .returning({ id: t.sections.id });
    ids.otherSection = other?.id ?? 0;
    const [title] = await db
      .insert(t.titles)
      .values({
        locationId: locations.a,
        ean13: '9780306406157',
        description: 'Rocks and Minerals',
        author: 'Stone, A.',
        edition: '3',
        publisher: 'Quarry Press',
      })
      .returning({ id: t.titles.id });
    const [proposed] = await db
      .insert(t.proposedTitles)
      .values({ locationId: locations.a, description: 'Field notebook', author: 'Any' })
      .returning({ id: t.proposedTitles.id });
    const adoption = async (values: Partial<typeof t.adoptionMaterials.$inferInsert>) => {
      const [row] = await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: locations.a,
          courseId: geo.courseId,
          adoptionType: 'SECTION_ADOPTION',
          startDate: day(-100),
          ...values,
        })
        .returning({ id: t.adoptionMaterials.id });
      return row?.id ?? 0;
    };
    ids.section = await adoption({ titleId: title?.id, messagingStatus: 'RESPONSE_REQUIRED' });
    await db.insert(t.adoptionMaterialSections).values([
      { adoptionMaterialId: ids.section, sectionId: geo.sectionId },
      // Removed from this one: not listed among the sections it covers.
      { adoptionMaterialId: ids.section, sectionId: ids.otherSection, removed: true },
    ]);
    ids.auto = await adoption({
      adoptionType: 'AUTO_ADOPTION',
      proposedTitleId: proposed?.id,
      createdBy: ctx.fixture.accounts.admin.id,
    });
    ids.inactive = await adoption({ titleId: title?.id, active: false });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => ctx?.close());

  const courseOf = (who: Caller) => ({
    userAccountId: who.accountId,
    divisionId: geo.divisionId,
    departmentCode: 'GEO',
    courseCode: geo.courseCode,
  });
  const adoptionsAs = (who: Caller) =>
    ctx.app.inject({
      url: fillPath(getAdoptionMaterials.path, courseOf(who)),
      headers: { host: who.host, 'auth-token': who.token },
    });

  it('lists active adoptions, section adoptions first, with titles and covered sections', async () => {
    const res = await adoptionsAs(admin);
    expect(res.statusCode).toBe(200);
    const list: AdoptionMaterialDTO[] = res.json().adoptionMaterials;
    expect(list.map((a) => a.adoptionMaterialId)).toEqual([ids.section, ids.auto]);
    const [section, auto] = list;
    expect(section).toMatchObject({
      adoptionType: 'SECTION_ADOPTION',
      adoptionMessagingStatusName: 'RESPONSE_REQUIRED',
      required: true,
      noTextRequired: false,
      proposedTitle: null,
      sections: [{ sectionId: geo.sectionId, sectionCode: '002' }],
      title: {
        ean13: '9780306406157',
        formattedEan13: '978-0-306-40615-7',
        description: 'Rocks and Minerals',
        author: 'Stone, A.',
        edition: '3',
        publisher: 'Quarry Press',
      },
    });
    expect(auto).toMatchObject({
      adoptionType: 'AUTO_ADOPTION',
      title: null,
      proposedTitle: { description: 'Field notebook', edition: 'Latest' },
      sections: [],
      // Who "notify the submitter" reaches.
      submitter: { userName: ctx.fixture.accounts.admin.userName },
    });
    expect(section?.submitter).toBeNull();
  });

  it('keeps another department’s course closed to a department submitter (404)', async () => {
    expect((await adoptionsAs(submitter)).statusCode).toBe(404);
  });

  it('gives previous adoptions (expired ones too), the caller’s apart; docs/behaviour/messages.md’s 404 when none', async () => {
    const historyAs = (who: Caller, startDateThreshold?: number) =>
      ctx.app.inject({
        url:
          fillPath(getAdoptionMaterialHistory.path, courseOf(who)) +
          (startDateThreshold === undefined ? '' : `?startDateThreshold=${startDateThreshold}`),
        headers: { host: who.host, 'auth-token': who.token },
      });
    const none = await historyAs(admin);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: ADOPTION_MESSAGES.noPreviousAdoptions });
    expect(ADOPTION_MESSAGES.noPreviousAdoptions).toBe(
      'Sorry, we do not have any previous adoptions for this course.',
    );
    const res = await historyAs(admin, 1825);
    expect(res.statusCode).toBe(200);
    const ids_ = (list: AdoptionMaterialDTO[]) => list.map((a) => a.adoptionMaterialId).sort();
    expect(ids_(res.json().myAdoptions)).toEqual([ids.auto]);
    expect(ids_(res.json().otherAdoptions)).toEqual([ids.section, ids.inactive].sort());
    expect((await historyAs(admin, -1)).json().field).toBe('startDateThreshold');
  });

  it('hyphenates an ISBN-13 by its registration group, and leaves anything else as it is', () => {
    expect(formatEan13('9791032300824')).toBe('979-10-323-0082-4');
    expect(formatEan13('9780306406157')).toBe('978-0-306-40615-7');
    expect(formatEan13('0000000000000')).toBe('0000000000000');
  });
});

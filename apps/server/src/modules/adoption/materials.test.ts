import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdoptionMaterials, type AdoptionMaterialDTO } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addCatalog,
  signIn,
  type Caller,
  type ExtraCatalog,
} from '../permissions/permissions-test-support.ts';
import { formatEan13 } from './materials.ts';

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
          startDate: '2026-08-01',
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
    ids.auto = await adoption({ adoptionType: 'AUTO_ADOPTION', proposedTitleId: proposed?.id });
    ids.inactive = await adoption({ titleId: title?.id, active: false });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => ctx?.close());

  const adoptionsAs = (who: Caller) =>
    ctx.app.inject({
      url: getAdoptionMaterials.path
        .replace(':userAccountId', String(who.accountId))
        .replace(':divisionId', String(geo.divisionId))
        .replace(':departmentCode', 'GEO')
        .replace(':courseCode', geo.courseCode),
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
    });
  });

  it('keeps another department’s course closed to a department submitter (404)', async () => {
    expect((await adoptionsAs(submitter)).statusCode).toBe(404);
  });

  it('hyphenates an ISBN-13 by its registration group, and leaves anything else as it is', () => {
    expect(formatEan13('9791032300824')).toBe('979-10-323-0082-4');
    expect(formatEan13('9780306406157')).toBe('978-0-306-40615-7');
    expect(formatEan13('0000000000000')).toBe('0000000000000');
  });
});

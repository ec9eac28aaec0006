import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdoption,
  convertMaterialProposedToActualTitle,
  modifyAdoption,
  removeAdoptionFromSection,
  searchMaterials,
  type AdoptionMaterialDTO,
  type CreateAdoptionBody,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import {
  day,
  TODAY,
  wizardWorld,
  type WizardWorld,
} from '../../test-support/adoption-wizard-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  roleIdOf,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();

/**
 * The rules that hold when callers hold mixed scopes, submit at the same moment, or come from
 * another store: what a review of the wizard's writes found.
 */
describe.each(engines)('adoption wizard: scopes, races and stores (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;
  const who: Record<string, Caller> = {};

  const answers = {
    required: true,
    bindInComponentRequired: false,
    printOnlyRequired: false,
    flexibleOnEdition: false,
    ia: false,
    estimatedSectionEnrollment: null,
    externalAdoptionNote: '',
    startDate: TODAY,
    expirationDate: null,
  };
  const create = (caller: Caller, body: Partial<CreateAdoptionBody>) =>
    w.call(caller, createAdoption, {
      body: { adoptionCatalog: w.catalog, autoAdopt: false, ...body },
    });
  const titleOn = (titleId: number, sectionIdList: number[]) => ({
    adoptionMaterial: { ...answers, titleId },
    sectionIdList,
  });
  const ntrOn = (sectionIdList: number[], startDate = TODAY) => ({
    adoptionMaterial: { noTextRequired: true, startDate },
    sectionIdList,
  });
  const adoption = (res: { json: () => { adoptionMaterial: AdoptionMaterialDTO } }) =>
    res.json().adoptionMaterial;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    const { db } = ctx;
    const { locations, catalog } = ctx.fixture;
    // A Biology submitter who is also on the course materials team for section 001 only.
    const mixed = await addAccount(db, locations.a, 'mixed@store-a.test', [
      { role: 'SUBMITTER', departmentId: catalog.departmentId },
    ]);
    await db.insert(t.userRoles).values({
      locationId: locations.a,
      accountId: mixed.id,
      roleId: await roleIdOf(db, 'CMA_MEMBER'),
      divisionId: catalog.divisionId,
      departmentId: catalog.departmentId,
      courseId: catalog.courseId,
      sectionId: w.sections.s001,
    });
    await addAccount(db, locations.b, 'team@store-b.test', [{ role: 'CMA_MEMBER' }]);
    who['mixed'] = await signIn(ctx, 'mixed@store-a.test');
    who['storeBTeam'] = await signIn(ctx, 'team@store-b.test', 'store-b.test');
  });
  afterAll(async () => ctx?.close());

  it('keeps print only from a submitter whose team grant is on one section only', async () => {
    const res = await create(who['mixed']!, {
      adoptionMaterial: { ...answers, titleId: w.titles.cells, printOnlyRequired: true },
      sectionIdList: [w.sections.s002],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('adoptionMaterial.printOnlyRequired');
  });

  it("does not let an instructor change an adoption another instructor's section uses", async () => {
    const shared = adoption(
      await create(w.who.admin, titleOn(w.titles.genes, [w.sections.s001, w.sections.s002])),
    );
    const change = await w.call(w.who.instructor, modifyAdoption, {
      body: {
        adoptionMaterial: { adoptionMaterialId: shared.adoptionMaterialId, required: false },
      },
    });
    expect(change.statusCode).toBe(403);
    // Left on no section at all, it is the course-wide adopters' to change.
    for (const sectionId of [w.sections.s001, w.sections.s002]) {
      await w.call(w.who.admin, removeAdoptionFromSection, {
        body: { adoptionMaterialId: shared.adoptionMaterialId, sectionId, remove: true },
      });
    }
    const takeOver = await w.call(w.who.instructor, modifyAdoption, {
      body: {
        adoptionMaterial: { adoptionMaterialId: shared.adoptionMaterialId },
        sectionIdList: [w.sections.s001],
      },
    });
    expect(takeOver.statusCode).toBe(403);
  });

  it('lets only one of two simultaneous submits mark a section, whatever they mark', async () => {
    const s = await w.addSection('101', 20);
    const both = await Promise.all([
      create(w.who.admin, ntrOn([s], day(20))),
      create(w.who.admin, ntrOn([s], day(20))),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const s2 = await w.addSection('102', 20);
    const mixed = await Promise.all([
      create(w.who.admin, ntrOn([s2], day(20))),
      create(w.who.admin, titleOn(w.titles.cells, [s2])),
    ]);
    expect(mixed.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('does not let an edit and a create put one title twice on a section at once', async () => {
    const s = await w.addSection('103', 25);
    const [proposed] = await ctx.db
      .insert(t.proposedTitles)
      .values({ locationId: ctx.fixture.locations.a, description: 'Race pack' })
      .returning({ id: t.proposedTitles.id });
    const material = { ...answers, adoptionProposedTitleId: proposed?.id ?? 0 };
    const first = adoption(
      await create(w.who.admin, { adoptionMaterial: material, sectionIdList: [w.sections.s001] }),
    );
    const results = await Promise.all([
      w.call(w.who.admin, modifyAdoption, {
        body: {
          adoptionMaterial: { adoptionMaterialId: first.adoptionMaterialId },
          sectionIdList: [w.sections.s001, s],
        },
      }),
      create(w.who.admin, { adoptionMaterial: material, sectionIdList: [s] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a request id already used for another course', async () => {
    const chem = await addCatalog(ctx.db, ctx.fixture.locations.a, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'CHEM',
    });
    await ctx.db
      .update(t.sections)
      .set({ startDate: day(5), endDate: day(90) })
      .where(eq(t.sections.id, chem.sectionId));
    const requestId = '6d3b1c9e-2f4a-4b8e-9c1d-7a5e3f2b1c0d';
    const first = await create(w.who.admin, {
      ...titleOn(w.titles.cells, [w.sections.s003]),
      requestId,
    });
    expect(first.statusCode).toBe(200);
    const elsewhere = await w.call(w.who.admin, createAdoption, {
      body: {
        adoptionCatalog: {
          divisionId: chem.divisionId,
          departmentCode: 'CHEM',
          courseCode: chem.courseCode,
        },
        ...titleOn(w.titles.cells, [chem.sectionId]),
        requestId,
      },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().field).toBe('requestId');
  });

  it('keeps a no-text-required record free of material answers, and dates it by its own sections', async () => {
    const s = await w.addSection('104', 10);
    // A free section starting later: were the record's own section counted as taken, the
    // earliest start would be this one's and the new start date below would be refused.
    await w.addSection('105', 40);
    const ntr = adoption(await create(w.who.admin, ntrOn([s], day(10))));
    const edited = await w.call(w.who.admin, modifyAdoption, {
      body: {
        adoptionMaterial: {
          adoptionMaterialId: ntr.adoptionMaterialId,
          required: true,
          printOnlyRequired: true,
          estimatedSectionEnrollment: 30,
          startDate: day(11),
        },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(adoption(edited)).toMatchObject({
      noTextRequired: true,
      required: false,
      printOnlyRequired: false,
      estimatedSectionEnrollment: null,
      startDate: day(11),
    });
  });

  it('checks every open section for an auto adoption', async () => {
    // Sections 001-003 carry materials: a course-wide "no text required" would contradict them.
    const ntr = await create(w.who.admin, { ...ntrOn([]), autoAdopt: true });
    expect(ntr.statusCode).toBe(400);
    expect(ntr.json().field).toBe('autoAdopt');
    // Section 104 is marked no text required: no course-wide material may cover it.
    const auto = await create(w.who.admin, { ...titleOn(w.titles.cells, []), autoAdopt: true });
    expect(auto.statusCode).toBe(400);
    // Named with its term: a course repeats section codes from term to term.
    expect(auto.json().message).toMatch(
      /^Section 104 \([^)]+\) cannot be chosen: Already marked no text required\.$/,
    );
  });

  it("answers another store's adopter as if store A's course, titles and adoptions did not exist", async () => {
    const b = who['storeBTeam']!;
    const mine = adoption(await create(w.who.admin, titleOn(w.titles.genes, [w.sections.s003])));
    expect((await create(b, titleOn(w.titles.genes, [w.sections.s003]))).statusCode).toBe(404);
    const edit = await w.call(b, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: mine.adoptionMaterialId, required: false } },
    });
    expect(edit.statusCode).toBe(404);
    const link = await w.call(b, convertMaterialProposedToActualTitle, {
      body: { adoptionMaterialId: mine.adoptionMaterialId, titleToConvertToId: w.titles.storeB },
    });
    expect(link.statusCode).toBe(404);
    const search = await w.call(b, searchMaterials, { query: { searchString: 'genes in action' } });
    expect(search.statusCode).toBe(200);
    expect(search.json().materials).toEqual([]);
    const own = await w.call(b, searchMaterials, { query: { searchString: '978-0-13-110362-7' } });
    expect(own.json().materials).toMatchObject([{ source: 'CATALOG', titleId: w.titles.storeB }]);
  });

  it('puts an adoption back on a section only where it could be adopted now', async () => {
    const s = await w.addSection('106', 15);
    const a = adoption(await create(w.who.admin, titleOn(w.titles.cells, [s])));
    const change = (remove: boolean) =>
      w.call(w.who.admin, removeAdoptionFromSection, {
        body: { adoptionMaterialId: a.adoptionMaterialId, sectionId: s, remove },
      });
    expect((await change(true)).statusCode).toBe(200);
    expect((await create(w.who.admin, ntrOn([s], day(15)))).statusCode).toBe(200);
    const back = await change(false);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toContain('Already marked no text required');
  });
});

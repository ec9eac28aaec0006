import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADOPTION_EXISTS_MESSAGE,
  createAdoption,
  getAdoptionMaterialHistoryItems,
  type CreateAdoptionBody,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import {
  CREATE_ANSWERS,
  day,
  TODAY,
  wizardWorld,
  type WizardWorld,
} from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

describe.each(engines)('adoption wizard: createAdoption (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let w: WizardWorld;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    w = await wizardWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const answers = CREATE_ANSWERS;
  const body = (extra: Partial<CreateAdoptionBody> = {}): CreateAdoptionBody => ({
    adoptionCatalog: w.catalog,
    adoptionMaterial: { ...answers, titleId: w.titles.cells },
    autoAdopt: false,
    sectionIdList: [w.sections.s001, w.sections.s002],
    ...extra,
  });
  const create = (who: Caller, b: CreateAdoptionBody) => w.call(who, createAdoption, { body: b });
  const adoptionCount = async () =>
    (
      await ctx.db
        .select({ id: t.adoptionMaterials.id })
        .from(t.adoptionMaterials)
        .where(eq(t.adoptionMaterials.courseId, ctx.fixture.catalog.courseId))
    ).length;

  it('adopts a title for the chosen sections, with its first message in the history', async () => {
    const res = await create(w.who.admin, body({ message: 'Please order early.' }));
    expect(res.statusCode).toBe(200);
    const adoption = res.json().adoptionMaterial;
    expect(adoption).toMatchObject({
      adoptionType: 'SECTION_ADOPTION',
      titleId: w.titles.cells,
      required: true,
      flexibleOnEdition: true,
      estimatedSectionEnrollment: 40,
      startDate: TODAY,
      expirationDate: null,
      title: { formattedEan13: '978-0-306-40615-7' },
      submitter: { userName: ctx.fixture.accounts.admin.userName },
    });
    expect(adoption.sections.map((s: { sectionCode: string }) => s.sectionCode)).toEqual([
      '001',
      '002',
    ]);
    const history = await w.call(w.who.admin, getAdoptionMaterialHistoryItems, {
      query: { adoptionMaterialId: adoption.adoptionMaterialId },
    });
    expect(history.json().map((h: { action: string }) => h.action)).toEqual([
      'CREATED',
      'MESSAGE_POSTED',
    ]);
  });

  it("refuses the same title on an identical section with the spec's message", async () => {
    const res = await create(w.who.admin, body({ sectionIdList: [w.sections.s002] }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ADOPTION_EXISTS_MESSAGE, field: 'sectionIdList' });
  });

  it("e-mails a submitter's auto adoption to the store's team and a receipt to them", async () => {
    const res = await create(
      w.who.submitter,
      body({
        adoptionMaterial: { ...answers, titleId: w.titles.genes },
        autoAdopt: true,
        sectionIdList: [],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().adoptionMaterial).toMatchObject({
      adoptionType: 'AUTO_ADOPTION',
      sections: [],
    });
    await ctx.background.drain();
    const team = await smtp.take('textbooks@store-a.test');
    expect(team.raw).toContain('Genes in Action');
    expect(team.raw).toContain('auto adoption');
    // The team's reply goes to the submitter, not to the store's sender.
    expect(team.raw).toMatch(/^Reply-To: submitter-dept@store-a\.test\r?$/m);
    const receipt = await smtp.take(ctx.fixture.accounts.submitterDepartment.userName);
    expect(receipt.raw).toContain('received your adoption for BIO 101');
  });

  it('names autoAdopt when the title is already on an auto adoption, whatever is asked', async () => {
    for (const extra of [
      { autoAdopt: true, sectionIdList: [] },
      { autoAdopt: false, sectionIdList: [w.sections.s001] },
    ]) {
      const res = await create(
        w.who.admin,
        body({ adoptionMaterial: { ...answers, titleId: w.titles.genes }, ...extra }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ADOPTION_EXISTS_MESSAGE, field: 'autoAdopt' });
    }
  });

  it('keeps an instructor to their own sections and away from the whole course', async () => {
    const proposed = await ctx.db
      .insert(t.proposedTitles)
      .values({ locationId: ctx.fixture.locations.a, description: 'Field notebook' })
      .returning({ id: t.proposedTitles.id });
    const material = { ...answers, adoptionProposedTitleId: proposed[0]?.id ?? 0 };
    const auto = await create(
      w.who.instructor,
      body({ adoptionMaterial: material, autoAdopt: true, sectionIdList: [] }),
    );
    expect(auto.statusCode).toBe(403);
    expect(auto.json().field).toBe('autoAdopt');
    const others = await create(
      w.who.instructor,
      body({ adoptionMaterial: material, sectionIdList: [w.sections.s002] }),
    );
    expect(others.statusCode).toBe(403);
    const own = await create(
      w.who.instructor,
      body({ adoptionMaterial: material, sectionIdList: [w.sections.s001] }),
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().adoptionMaterial.proposedTitle.description).toBe('Field notebook');
  });

  it('accepts a section within the 360-day horizon and refuses one past it, saying why', async () => {
    const later = await create(
      w.who.admin,
      body({
        adoptionMaterial: { ...answers, titleId: w.titles.cells },
        sectionIdList: [w.sections.s003],
      }),
    );
    expect(later.statusCode).toBe(200);
    const tooLate = await create(
      w.who.admin,
      body({
        adoptionMaterial: { ...answers, titleId: w.titles.cells },
        sectionIdList: [w.sections.s004],
      }),
    );
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().field).toBe('sectionIdList');
    expect(tooLate.json().message).toContain('360-day horizon');
  });

  it('records no text required only where nothing is adopted, and then blocks materials there', async () => {
    const ntr = (sectionIdList: number[], startDate = TODAY) =>
      create(w.who.admin, {
        adoptionCatalog: w.catalog,
        adoptionMaterial: { noTextRequired: true, startDate },
        sectionIdList,
      });
    const onAdopted = await ntr([w.sections.s001]);
    expect(onAdopted.statusCode).toBe(400);
    expect(onAdopted.json().message).toContain('Already has adopted materials');
    // Section 002 already has Cells; 004 is free but too far away; mark a new section instead.
    const s005Id = await w.addSection('005', 30);
    // The auto adoption of Genes covers every section: end it, so 005 has nothing adopted.
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.adoptionType, 'AUTO_ADOPTION'));
    // The earliest no-text-required start is the earliest such section's start (docs/behaviour/validation.md).
    const early = await ntr([s005Id], day(15));
    expect(early.statusCode).toBe(400);
    expect(early.json().field).toBe('adoptionMaterial.startDate');
    const marked = await ntr([s005Id], day(30));
    expect(marked.statusCode).toBe(200);
    expect(marked.json().adoptionMaterial).toMatchObject({ noTextRequired: true, titleId: null });
    const material = await create(w.who.admin, body({ sectionIdList: [s005Id] }));
    expect(material.statusCode).toBe(400);
    expect(material.json().message).toContain('Already marked no text required');
  });

  it('creates one adoption for a double-clicked submit, and answers the retry with it', async () => {
    const s006 = await w.addSection('006', 30);
    const before = await adoptionCount();
    const b = body({ sectionIdList: [s006] });
    const withId = { ...b, requestId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const [one, two] = await Promise.all([
      create(w.who.admin, withId),
      create(w.who.admin, withId),
    ]);
    const retry = await create(w.who.admin, withId);
    expect([one.statusCode, two.statusCode, retry.statusCode]).toEqual([200, 200, 200]);
    const ids = [one, two, retry].map((r) => r.json().adoptionMaterial.adoptionMaterialId);
    expect(new Set(ids).size).toBe(1);
    expect(await adoptionCount()).toBe(before + 1);
    // Without a request id, the second of two identical submits is the duplicate it is.
    const again = await create(w.who.admin, b);
    expect(again.statusCode).toBe(409);
  });

  it('refuses answers that break the rules, naming the field', async () => {
    const cases: [Partial<CreateAdoptionBody>, number, string][] = [
      [
        { adoptionMaterial: { ...answers, titleId: w.titles.cells, startDate: '2026-08-31' } },
        400,
        'adoptionMaterial.startDate',
      ],
      [
        { adoptionMaterial: { ...answers, titleId: w.titles.cells, expirationDate: '2026-08-31' } },
        400,
        'adoptionMaterial.expirationDate',
      ],
      [{ adoptionMaterial: { ...answers, titleId: w.titles.cells, ia: true } }, 400, 'iapublisher'],
      [
        { adoptionMaterial: { ...answers, titleId: w.titles.storeB } },
        404,
        'adoptionMaterial.titleId',
      ],
      [
        { adoptionMaterial: { ...answers, titleId: w.titles.cells, adoptionProposedTitleId: 1 } },
        400,
        'adoptionMaterial',
      ],
      [{ sectionIdList: [] }, 400, 'sectionIdList'],
      [{ sectionIdList: [999_999] }, 400, 'sectionIdList'],
    ];
    for (const [extra, status, field] of cases) {
      const res = await create(w.who.admin, body(extra));
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status, field });
    }
    const enrollment = await w.call(w.who.admin, createAdoption, {
      body: {
        ...body(),
        adoptionMaterial: { ...answers, titleId: w.titles.cells, estimatedSectionEnrollment: '40' },
      },
    });
    expect(enrollment.statusCode).toBe(400);
    expect(enrollment.json().field).toBe('adoptionMaterial.estimatedSectionEnrollment');
  });

  it('lets submitters ask for print only only when the store allows it', async () => {
    const printOnly = () =>
      create(
        w.who.submitter,
        body({
          adoptionMaterial: { ...answers, titleId: w.titles.cells, printOnlyRequired: true },
          sectionIdList: [w.sections.s001],
        }),
      );
    const refused = await printOnly();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('adoptionMaterial.printOnlyRequired');
    await ctx.db
      .update(t.locations)
      .set({ allowSubmittersToSelectPrintOnly: true })
      .where(eq(t.locations.id, ctx.fixture.locations.a));
    // Allowed now; Cells is already on section 001, so the rules after it answer.
    expect((await printOnly()).statusCode).toBe(409);
  });

  it("does not let another store's caller adopt here", async () => {
    const res = await create(w.who.storeB, body());
    expect(res.statusCode).toBe(403);
  });
});

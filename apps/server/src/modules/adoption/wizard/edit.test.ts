import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADOPTION_EXISTS_MESSAGE,
  convertMaterialProposedToActualTitle,
  createAdoption,
  getAdoptionMaterialHistoryItems,
  modifyAdoption,
  type AdoptionHistoryItem,
  type AdoptionMaterialDTO,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import {
  day,
  TODAY,
  wizardWorld,
  type WizardWorld,
} from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

describe.each(engines)('adoption wizard: modifyAdoption and link new (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;
  let sectionAdoption: AdoptionMaterialDTO;
  let proposedAuto: AdoptionMaterialDTO;

  const answers = {
    required: true,
    bindInComponentRequired: false,
    printOnlyRequired: false,
    flexibleOnEdition: false,
    ia: false,
    estimatedSectionEnrollment: 30,
    externalAdoptionNote: '',
    startDate: TODAY,
    expirationDate: day(120),
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    const made = await w.call(w.who.instructor, createAdoption, {
      body: {
        adoptionCatalog: w.catalog,
        adoptionMaterial: { ...answers, titleId: w.titles.cells },
        sectionIdList: [w.sections.s001],
      },
    });
    sectionAdoption = made.json().adoptionMaterial;
    const [proposed] = await ctx.db
      .insert(t.proposedTitles)
      .values({ locationId: ctx.fixture.locations.a, description: 'BIO 101 course pack' })
      .returning({ id: t.proposedTitles.id });
    const auto = await w.call(w.who.submitter, createAdoption, {
      body: {
        adoptionCatalog: w.catalog,
        adoptionMaterial: { ...answers, adoptionProposedTitleId: proposed?.id ?? 0 },
        autoAdopt: true,
      },
    });
    proposedAuto = auto.json().adoptionMaterial;
  });
  afterAll(async () => ctx?.close());

  const modify = (who: Caller, body: object) => w.call(who, modifyAdoption, { body });
  const history = async (id: number) =>
    (
      await w.call(w.who.admin, getAdoptionMaterialHistoryItems, {
        query: { adoptionMaterialId: id },
      })
    ).json<AdoptionHistoryItem[]>();

  it('changes the answers, clears the end date, and records what changed once', async () => {
    const id = sectionAdoption.adoptionMaterialId;
    const body = {
      adoptionMaterial: { adoptionMaterialId: id, required: false, estimatedSectionEnrollment: 55 },
      clearExpirationDate: true,
    };
    const res = await modify(w.who.instructor, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().adoptionMaterial).toMatchObject({
      required: false,
      estimatedSectionEnrollment: 55,
      expirationDate: null,
      flexibleOnEdition: false,
    });
    expect((await modify(w.who.instructor, body)).statusCode).toBe(200);
    const changes = (await history(id)).filter((h) => h.action === 'MODIFIED');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      before: { required: true, estimatedSectionEnrollment: 30, expirationDate: day(120) },
      after: { required: false, estimatedSectionEnrollment: 55, expirationDate: null },
    });
  });

  it('keeps an instructor off sections and courses that are not theirs', async () => {
    const id = sectionAdoption.adoptionMaterialId;
    const widen = await modify(w.who.instructor, {
      adoptionMaterial: { adoptionMaterialId: id },
      sectionIdList: [w.sections.s001, w.sections.s002],
    });
    expect(widen.statusCode).toBe(403);
    const auto = await modify(w.who.instructor, {
      adoptionMaterial: { adoptionMaterialId: proposedAuto.adoptionMaterialId, required: false },
    });
    expect(auto.statusCode).toBe(403);
  });

  it('moves a section adoption to other sections for the course materials team', async () => {
    const id = sectionAdoption.adoptionMaterialId;
    const res = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id },
      sectionIdList: [w.sections.s002, w.sections.s003],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().adoptionMaterial.sections.map((s: { sectionCode: string }) => s.sectionCode),
    ).toEqual(['002', '003']);
    const none = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id },
      sectionIdList: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('sectionIdList');
  });

  it('keeps a stored start date, refuses a new one in the past and an end before the start', async () => {
    const id = sectionAdoption.adoptionMaterialId;
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ startDate: day(-30) })
      .where(eq(t.adoptionMaterials.id, id));
    const note = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id, externalAdoptionNote: 'Bring goggles' },
    });
    expect(note.statusCode).toBe(200);
    const past = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id, startDate: day(-2) },
    });
    expect(past.json().field).toBe('adoptionMaterial.startDate');
    const end = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id, expirationDate: day(-31) },
    });
    expect(end.json().field).toBe('adoptionMaterial.expirationDate');
  });

  it('links a proposed title to the catalog title for the course materials team only', async () => {
    const id = proposedAuto.adoptionMaterialId;
    const link = (who: Caller, titleToConvertToId: number) =>
      w.call(who, convertMaterialProposedToActualTitle, {
        body: { adoptionMaterialId: id, titleToConvertToId },
      });
    expect((await link(w.who.submitter, w.titles.genes)).statusCode).toBe(403);
    // Cells is adopted for sections already: as an auto adoption it would repeat them.
    const duplicate = await link(w.who.admin, w.titles.cells);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(ADOPTION_EXISTS_MESSAGE);
    expect((await link(w.who.admin, w.titles.storeB)).statusCode).toBe(404);
    const linked = await link(w.who.admin, w.titles.genes);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().adoptionMaterial).toMatchObject({
      titleId: w.titles.genes,
      title: { description: 'Genes in Action' },
      proposedTitle: { description: 'BIO 101 course pack' },
    });
    expect((await link(w.who.admin, w.titles.genes)).statusCode).toBe(200);
    const entries = (await history(id)).filter((h) => h.action === 'PROPOSED_TITLE_CONVERTED');
    expect(entries).toHaveLength(1);
  });

  it('refuses to change an adoption that was removed', async () => {
    const id = sectionAdoption.adoptionMaterialId;
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.id, id));
    const res = await modify(w.who.admin, {
      adoptionMaterial: { adoptionMaterialId: id, required: true },
    });
    expect(res.statusCode).toBe(409);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  convertMaterialProposedToActualTitle,
  createAdoption,
  createTitle,
  getAdoptionMaterialHistoryItems,
  modifyAdoption,
  searchMaterials,
  type AdoptionHistoryItem,
  type AdoptionMaterialDTO,
  type MaterialSearchResult,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  CREATE_ANSWERS,
  wizardWorld,
  type WizardWorld,
} from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

/** Issue 31, point 1: the kind an adopter chooses, stored only when not the title's. */
describe.each(engines)('material kinds in the wizard (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const create = (adoptionMaterial: object, sectionIdList = [w.sections.s001]) =>
    w.call(w.who.admin, createAdoption, {
      body: { adoptionCatalog: w.catalog, adoptionMaterial, sectionIdList },
    });
  const storedKind = async (id: number) => {
    const [row] = await ctx.db
      .select({ kind: t.adoptionMaterials.materialKind })
      .from(t.adoptionMaterials)
      .where(eq(t.adoptionMaterials.id, id));
    return row?.kind;
  };
  const setTitleKind = (id: number, materialKind: 'OER' | 'COMMERCIAL_PRINT') =>
    ctx.db.update(t.titles).set({ materialKind }).where(eq(t.titles.id, id));

  it("stores a kind only when it differs from the title's, and answers the effective kind", async () => {
    const same = await create({
      ...CREATE_ANSWERS,
      titleId: w.titles.cells,
      materialKind: 'COMMERCIAL_PRINT',
    });
    expect(same.statusCode).toBe(200);
    const sameAdoption = same.json<{ adoptionMaterial: AdoptionMaterialDTO }>().adoptionMaterial;
    expect(sameAdoption.materialKind).toBe('COMMERCIAL_PRINT');
    expect(await storedKind(sameAdoption.adoptionMaterialId)).toBeNull();

    const other = await create(
      { ...CREATE_ANSWERS, titleId: w.titles.genes, materialKind: 'INCLUSIVE_ACCESS' },
      [w.sections.s002],
    );
    expect(other.statusCode).toBe(200);
    const ia = other.json<{ adoptionMaterial: AdoptionMaterialDTO }>().adoptionMaterial;
    expect(ia.materialKind).toBe('INCLUSIVE_ACCESS');
    expect(await storedKind(ia.adoptionMaterialId)).toBe('INCLUSIVE_ACCESS');

    // The team marks the title OER: the adoption that kept the title's kind follows it.
    await setTitleKind(w.titles.cells, 'OER');
    const after = await w.call(w.who.admin, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: sameAdoption.adoptionMaterialId } },
    });
    expect(after.json<{ adoptionMaterial: AdoptionMaterialDTO }>().adoptionMaterial).toMatchObject({
      materialKind: 'OER',
      title: { materialKind: 'OER' },
    });
    await setTitleKind(w.titles.cells, 'COMMERCIAL_PRINT');
  });

  it('records a kind change in the history like other answers, and nothing for the same kind', async () => {
    const made = await create({ ...CREATE_ANSWERS, titleId: w.titles.cells }, [w.sections.s002]);
    const id = made.json<{ adoptionMaterial: AdoptionMaterialDTO }>().adoptionMaterial
      .adoptionMaterialId;
    const modify = (materialKind: string) =>
      w.call(w.who.admin, modifyAdoption, {
        body: { adoptionMaterial: { adoptionMaterialId: id, materialKind } },
      });
    const res = await modify('LIBRARY_LICENSED');
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ adoptionMaterial: AdoptionMaterialDTO }>().adoptionMaterial.materialKind,
    ).toBe('LIBRARY_LICENSED');
    expect((await modify('LIBRARY_LICENSED')).statusCode).toBe(200);
    // Back to the title's own: stored as null again.
    expect((await modify('COMMERCIAL_PRINT')).statusCode).toBe(200);
    expect(await storedKind(id)).toBeNull();
    const items = await w.call(w.who.admin, getAdoptionMaterialHistoryItems, {
      query: { adoptionMaterialId: id },
    });
    const changes = items.json<AdoptionHistoryItem[]>().filter((h) => h.action === 'MODIFIED');
    expect(changes.map((c) => [c.before, c.after])).toEqual([
      [{ materialKind: 'COMMERCIAL_PRINT' }, { materialKind: 'LIBRARY_LICENSED' }],
      [{ materialKind: 'LIBRARY_LICENSED' }, { materialKind: 'COMMERCIAL_PRINT' }],
    ]);
  });

  /** A store title of its own, so that each test adopts what no other test has. */
  const newTitle = async (ean13: string, materialKind: 'OER' | 'COMMERCIAL_PRINT') => {
    const [row] = await ctx.db
      .insert(t.titles)
      .values({ locationId: ctx.fixture.locations.a, ean13, description: ean13, materialKind })
      .returning({ id: t.titles.id });
    return row?.id ?? 0;
  };
  const adopted = (res: { json: () => unknown }) =>
    (res.json() as { adoptionMaterial: AdoptionMaterialDTO }).adoptionMaterial;

  it('answers inclusive access for "Inclusive access?" yes, as section costs price it, unless the adopter chose another kind', async () => {
    const ia = { ...CREATE_ANSWERS, ia: true };
    const body = (titleId: number, extra: object = {}) => ({
      adoptionCatalog: w.catalog,
      adoptionMaterial: { ...ia, titleId, ...extra },
      sectionIdList: [w.sections.s001],
      iapublisher: 'Pearson',
    });
    const answered = await w.call(w.who.admin, createAdoption, {
      body: body(await newTitle('9780000000019', 'COMMERCIAL_PRINT')),
    });
    expect(answered.statusCode).toBe(200);
    expect(adopted(answered).materialKind).toBe('INCLUSIVE_ACCESS');
    expect(await storedKind(adopted(answered).adoptionMaterialId)).toBeNull();

    // Commercial print chosen with the answer yes is a choice: kept, or section_cost would
    // price the material as inclusive access.
    const print = await w.call(w.who.admin, createAdoption, {
      body: body(await newTitle('9780000000026', 'COMMERCIAL_PRINT'), {
        materialKind: 'COMMERCIAL_PRINT',
      }),
    });
    expect(print.statusCode).toBe(200);
    expect(adopted(print).materialKind).toBe('COMMERCIAL_PRINT');
    expect(await storedKind(adopted(print).adoptionMaterialId)).toBe('COMMERCIAL_PRINT');

    // An edit that answers no and chooses the title's own kind leaves no choice stored.
    const id = adopted(answered).adoptionMaterialId;
    const edited = await w.call(w.who.admin, modifyAdoption, {
      body: {
        adoptionMaterial: { adoptionMaterialId: id, ia: false, materialKind: 'COMMERCIAL_PRINT' },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(adopted(edited)).toMatchObject({ ia: false, materialKind: 'COMMERCIAL_PRINT' });
    expect(await storedKind(id)).toBeNull();
  });

  it('keeps a kind chosen for a proposed title once the team links it to a catalog title of another kind', async () => {
    const propose = async (description: string) => {
      const [row] = await ctx.db
        .insert(t.proposedTitles)
        .values({ locationId: ctx.fixture.locations.a, description })
        .returning({ id: t.proposedTitles.id });
      return row?.id ?? 0;
    };
    const adopt = async (description: string, kind: object) => {
      const res = await create(
        { ...CREATE_ANSWERS, adoptionProposedTitleId: await propose(description), ...kind },
        [w.sections.s002],
      );
      expect(res.statusCode).toBe(200);
      return adopted(res).adoptionMaterialId;
    };
    const chosen = await adopt('Lab manual, printed', { materialKind: 'COMMERCIAL_PRINT' });
    const unsaid = await adopt('Lab manual, unsaid', {});
    expect(await storedKind(unsaid)).toBeNull();
    const link = async (id: number, ean13: string) => {
      const res = await w.call(w.who.admin, convertMaterialProposedToActualTitle, {
        body: { adoptionMaterialId: id, titleToConvertToId: await newTitle(ean13, 'OER') },
      });
      expect(res.statusCode).toBe(200);
      return adopted(res).materialKind;
    };
    // The adopter said print: the printed copy of an open book, still bought.
    expect(await link(chosen, '9780000000033')).toBe('COMMERCIAL_PRINT');
    // No kind said: the adoption follows the catalog title.
    expect(await link(unsaid, '9780000000040')).toBe('OER');
  });

  it('refuses an unknown kind, and a kind for no text required, naming the field', async () => {
    const unknown = await create({ ...CREATE_ANSWERS, titleId: w.titles.genes, materialKind: 'X' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ field: string }>().field).toBe('adoptionMaterial.materialKind');
    const ntr = await create(
      { startDate: CREATE_ANSWERS.startDate, noTextRequired: true, materialKind: 'OER' },
      [w.sections.s001],
    );
    expect(ntr.statusCode).toBe(400);
    expect(ntr.json<{ field: string }>().field).toBe('adoptionMaterial.materialKind');
  });

  it("shows each search result's kind, licence and address, and copies them with createTitle", async () => {
    await ctx.db.insert(t.externalProducts).values({
      ean13: '9783961100637',
      description: 'A grammar of Pichi',
      author: 'Yakpo, Kofi',
      publisher: 'Language Science Press',
      source: 'test',
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://langsci-press.org/catalog/book/17',
      usedPriceCents: null,
      digitalPriceCents: 0,
    });
    const res = await w.call(w.who.admin, searchMaterials, { query: { searchString: 'pichi' } });
    const [result] = res.json<{ materials: MaterialSearchResult[] }>().materials;
    expect(result).toMatchObject({
      source: 'EXTERNAL',
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://langsci-press.org/catalog/book/17',
      prices: { newCents: null, usedCents: null, rentalCents: null, digitalCents: 0 },
    });
    const copied = await w.call(w.who.admin, createTitle, {
      body: { externalProductIdList: [result?.externalProductId ?? 0] },
    });
    expect(copied.json<{ titleDTOList: unknown[] }>().titleDTOList[0]).toMatchObject({
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://langsci-press.org/catalog/book/17',
      prices: { digitalCents: 0 },
    });
  });
});

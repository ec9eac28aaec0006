import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  effectiveMaterialKind,
  MATERIAL_KIND_LABELS,
  MATERIAL_KINDS,
  type MaterialKind,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import * as t from '../../../db/schema/index.ts';
import { costWorld, recountCosts, type CostWorld } from '../../../test-support/cost-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The cost rules of docs/behaviour/flows.md#cost-transparency, as the triggers keep them. */
describe.each(engines)('sections keep their required cost and designation (%s)', (engine) => {
  let ctx: TestContext;
  let w: CostWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = costWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const setStore = (set: Partial<typeof t.locations.$inferInsert>) =>
    ctx.db.update(t.locations).set(set).where(eq(t.locations.id, w.locationId));
  const reprice = (titleId: number, set: Partial<typeof t.titles.$inferInsert>, db: Db = ctx.db) =>
    db.update(t.titles).set(set).where(eq(t.titles.id, titleId));

  it('names the section no adoption covers', async () => {
    const section = await w.section(await w.course());
    expect(await w.cost(section)).toMatchObject({
      low: null,
      high: null,
      kept: 'NONE',
      designation: 'NONE',
      reason: 'No adoption yet',
    });
  });

  it('ignores optional materials, and counts a section of only no-text-required as zero', async () => {
    const courseId = await w.course();
    const [a, b] = [await w.section(courseId), await w.section(courseId)];
    const oer = await w.title('Open Biology', { kind: 'OER' });
    const bought = await w.title('Campbell Biology', { list: 12_000 });
    await w.adopt({ courseId, sectionIds: [a], titleId: oer });
    await w.adopt({ courseId, sectionIds: [a], titleId: bought, required: false });
    await w.adopt({ courseId, sectionIds: [b], noTextRequired: true });
    for (const id of [a, b]) {
      expect(await w.cost(id)).toMatchObject({ low: 0, high: 0, kept: 'ZTC', reason: '' });
    }
  });

  it('prices a bought title at the cheapest and dearest of new, used, rental and digital', async () => {
    const courseId = await w.course();
    const section = await w.section(courseId);
    const book = await w.title('Campbell Biology', {
      list: 12_000,
      used: 9_000,
      rental: 4_500,
      digital: 7_000,
    });
    await w.adopt({ courseId, sectionIds: [section], titleId: book });
    expect(await w.cost(section)).toMatchObject({
      low: 4_500,
      high: 12_000,
      kept: 'NONE',
      reason: 'Required materials cost $45.00 at the cheapest, over the $40.00 low-cost threshold',
    });
    // A way not offered (null) or without a price (0) is no way: used is now the cheapest.
    await reprice(book, { rentalPriceCents: null, digitalPriceCents: 0, usedPriceCents: 3_999 });
    expect(await w.cost(section)).toMatchObject({
      low: 3_999,
      high: 12_000,
      kept: 'LTC',
      reason: 'Campbell Biology (Commercial print) costs $39.99 at the cheapest',
    });
  });

  it('is low cost exactly at the threshold and not a cent over, naming the dearest material', async () => {
    const courseId = await w.course();
    const section = await w.section(courseId);
    const dear = await w.title('Genetics', { list: 3_000 });
    const cheap = await w.title('Lab Manual', { list: 1_000 });
    await w.adopt({ courseId, sectionIds: [section], titleId: dear });
    await w.adopt({ courseId, sectionIds: [section], titleId: cheap });
    expect(await w.cost(section)).toMatchObject({
      low: 4_000,
      high: 4_000,
      kept: 'LTC',
      reason: 'Genetics (Commercial print) costs $30.00 at the cheapest',
    });
    await reprice(cheap, { listPriceCents: 1_001 });
    expect(await w.cost(section)).toMatchObject({
      low: 4_001,
      kept: 'NONE',
      reason: 'Required materials cost $40.01 at the cheapest, over the $40.00 low-cost threshold',
    });
  });

  it("counts a library-licensed e-book as zero only while the store's setting says so", async () => {
    const courseId = await w.course();
    const section = await w.section(courseId);
    const ebook = await w.title('Library Anatomy', { kind: 'LIBRARY_LICENSED', digital: 2_500 });
    await w.adopt({ courseId, sectionIds: [section], titleId: ebook });
    expect(await w.cost(section)).toMatchObject({ low: 0, kept: 'ZTC' });
    await setStore({ libraryLicensedIsZero: false });
    expect(await w.cost(section)).toMatchObject({
      low: 2_500,
      high: 2_500,
      kept: 'LTC',
      reason: 'Library Anatomy (Library-licensed) costs $25.00 at the cheapest',
    });
    await setStore({ ltcThresholdCents: 2_000 });
    expect(await w.cost(section)).toMatchObject({ kept: 'NONE' });
    await setStore({ libraryLicensedIsZero: true, ltcThresholdCents: 4_000 });
    expect(await w.cost(section)).toMatchObject({ low: 0, kept: 'ZTC' });
  });

  it('prices inclusive access at its digital price, else its new price', async () => {
    const courseId = await w.course();
    const section = await w.section(courseId);
    const access = await w.title('Access Code', {
      kind: 'INCLUSIVE_ACCESS',
      list: 9_000,
      digital: 3_500,
    });
    await w.adopt({ courseId, sectionIds: [section], titleId: access });
    expect(await w.cost(section)).toMatchObject({ low: 3_500, high: 3_500, kept: 'LTC' });
    await reprice(access, { digitalPriceCents: null });
    expect(await w.cost(section)).toMatchObject({ low: 9_000, high: 9_000, kept: 'NONE' });
  });

  it('prices a material adopted with "Inclusive access?" yes as inclusive access, whatever its title', async () => {
    const courseId = await w.course();
    const [billed, bought] = [await w.section(courseId), await w.section(courseId)];
    const book = await w.title('Billed Biology', { list: 9_000, used: 2_000, digital: 6_000 });
    await w.adopt({ courseId, sectionIds: [billed], titleId: book, ia: true });
    await w.adopt({ courseId, sectionIds: [bought], titleId: book });
    expect(await w.cost(billed)).toMatchObject({ low: 6_000, high: 6_000, kept: 'NONE' });
    expect(await w.cost(bought)).toMatchObject({ low: 2_000, high: 9_000, kept: 'LTC' });
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ ia: false })
      .where(eq(t.adoptionMaterials.titleId, book));
    expect(await w.cost(billed)).toMatchObject({ low: 2_000, kept: 'LTC' });
  });

  it('leaves the cost unknown when a paid material has no price, naming it', async () => {
    const courseId = await w.course();
    const [a, b] = [await w.section(courseId), await w.section(courseId)];
    const unpriced = await w.title('Mystery Reader');
    await w.adopt({ courseId, sectionIds: [a], titleId: unpriced });
    expect(await w.cost(a)).toMatchObject({
      low: null,
      high: null,
      kept: 'NONE',
      reason: 'No price for Mystery Reader',
    });
    // A proposed title with no kind chosen is bought, and has no price; chosen OER, it is free.
    const idea = await w.proposed('Instructor Notes');
    const adoption = await w.adopt({ courseId, sectionIds: [b], proposedTitleId: idea });
    expect(await w.cost(b)).toMatchObject({ low: null, reason: 'No price for Instructor Notes' });
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ materialKind: 'OER' })
      .where(eq(t.adoptionMaterials.id, adoption));
    expect(await w.cost(b)).toMatchObject({ low: 0, kept: 'ZTC' });
  });

  it('gives each section sharing an adoption the whole cost, auto adoptions included', async () => {
    const courseId = await w.course();
    const [a, b] = [await w.section(courseId), await w.section(courseId)];
    const book = await w.title('Shared Text', { list: 2_000 });
    const kit = await w.title('Course Kit', { list: 1_500 });
    await w.adopt({ courseId, sectionIds: [a, b], titleId: book });
    for (const id of [a, b]) expect(await w.cost(id)).toMatchObject({ low: 2_000, kept: 'LTC' });
    await w.adopt({ courseId, titleId: kit, auto: true });
    const later = await w.section(courseId);
    for (const id of [a, b]) expect(await w.cost(id)).toMatchObject({ low: 3_500 });
    expect(await w.cost(later)).toMatchObject({ low: 1_500, high: 1_500, kept: 'LTC' });
  });

  it("follows a title's price and kind, and an adoption's kind, within the same transaction", async () => {
    const courseId = await w.course();
    const section = await w.section(courseId);
    const book = await w.title('Campbell Biology', { list: 8_500 });
    const adoption = await w.adopt({ courseId, sectionIds: [section], titleId: book });
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await reprice(book, { listPriceCents: 4_500 }, db);
      expect(await w.cost(section, db)).toMatchObject({ low: 4_500, kept: 'NONE' });
      await reprice(book, { materialKind: 'OER' }, db);
      expect(await w.cost(section, db)).toMatchObject({ low: 0, kept: 'ZTC' });
      // The adopter's kind wins over the title's.
      await db
        .update(t.adoptionMaterials)
        .set({ materialKind: 'COMMERCIAL_DIGITAL' })
        .where(eq(t.adoptionMaterials.id, adoption));
      expect(await w.cost(section, db)).toMatchObject({
        low: 4_500,
        reason:
          'Required materials cost $45.00 at the cheapest, over the $40.00 low-cost threshold',
      });
      await db
        .update(t.adoptionMaterials)
        .set({ required: false })
        .where(eq(t.adoptionMaterials.id, adoption));
      expect(await w.cost(section, db)).toMatchObject({ low: 0, kept: 'ZTC' });
    });
  });

  it('names kinds with the contracts’ labels', async () => {
    for (const kind of MATERIAL_KINDS) {
      const [row] = await queryRows<{ label: string }>(
        ctx.db,
        sql`select material_kind_label(${kind}) as label`,
      );
      expect(row?.label).toBe(MATERIAL_KIND_LABELS[kind]);
    }
  });

  // The kind rule is written twice, effectiveMaterialKind for the screens and section_cost's
  // `kind` for prices: the installed function's own expression, evaluated in one statement over
  // every choice, "Inclusive access?" answer and title kind, must agree with the TypeScript.
  it('picks the same material kind as effectiveMaterialKind for every combination', async () => {
    const [fn] = await queryRows<{ source: string }>(
      ctx.db,
      sql`select prosrc as source from pg_proc where proname = 'section_cost'`,
    );
    const expression = /SELECT\s+(coalesce\(a\.material_kind,[\s\S]*?)\s+AS kind\b/.exec(
      fn?.source ?? '',
    )?.[1];
    expect(expression, "section_cost's kind expression").toBeDefined();
    const kinds = sql.raw(`array[${MATERIAL_KINDS.map((k) => `'${k}'`).join(', ')}, null]::text[]`);
    const rows = await queryRows<{
      own: MaterialKind | null;
      ia: boolean;
      title: MaterialKind | null;
      kind: string;
    }>(
      ctx.db,
      sql`select a.material_kind as own, a.ia, ti.material_kind as title,
          ${sql.raw(expression!)} as kind
        from unnest(${kinds}) as own(material_kind)
          cross join (values (true), (false)) as answer(ia)
          cross join lateral (select own.material_kind, answer.ia) a
          cross join unnest(${kinds}) as ti(material_kind)`,
    );
    expect(rows).toHaveLength((MATERIAL_KINDS.length + 1) ** 2 * 2);
    const expected = rows.map((r) => ({ ...r, kind: effectiveMaterialKind(r.own, r.ia, r.title) }));
    expect(rows).toEqual(expected);
  });

  it('keeps every section equal to a fresh computation after a mixed set of changes', async () => {
    const courseId = await w.course();
    const sections = [await w.section(courseId), await w.section(courseId)];
    const book = await w.title('Mixed Text', { list: 5_000, used: 3_000 });
    const other = await w.title('Mixed Guide', { kind: 'FREE' });
    const removed = await w.adopt({ courseId, sectionIds: sections, titleId: book });
    await w.adopt({ courseId, sectionIds: [sections[0]!], titleId: other });
    await reprice(other, { materialKind: 'COMMERCIAL_PRINT', listPriceCents: 700 });
    await ctx.db
      .update(t.adoptionMaterialSections)
      .set({ removed: true })
      .where(eq(t.adoptionMaterialSections.adoptionMaterialId, removed));
    await reprice(book, { usedPriceCents: 2_000 });
    await setStore({ ltcThresholdCents: 500 });
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.titleId, other));
    await setStore({ ltcThresholdCents: 4_000 });
    const kept = await queryRows(
      ctx.db,
      sql`select id, required_cost_low_cents as low, required_cost_high_cents as high,
          cost_designation as designation, cost_reason as reason
        from sections order by id`,
    );
    const fresh = await queryRows(
      ctx.db,
      sql`select section_id as id, low_cents as low, high_cents as high, designation, reason
        from section_cost(array(select id from sections)) order by section_id`,
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(fresh);
    // And the same rules written again apart from the migration's SQL, over the base tables.
    expect(kept).toEqual(await recountCosts(ctx.db));
  });
});

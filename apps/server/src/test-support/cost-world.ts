import { sql } from 'drizzle-orm';
import type { MaterialKind } from '@csp/contracts';
import { queryRows } from '../db/bulk-write.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/** A section's kept cost columns (migration 0039), as the tests read them. */
export interface KeptCost {
  id: number;
  low: number | null;
  high: number | null;
  kept: string;
  reason: string;
  designation: string;
}

export interface TitlePrices {
  list?: number;
  used?: number | null;
  rental?: number | null;
  digital?: number | null;
  kind?: MaterialKind;
}

export interface AdoptionSpec {
  courseId: number;
  sectionIds?: number[];
  titleId?: number;
  proposedTitleId?: number;
  required?: boolean;
  noTextRequired?: boolean;
  kind?: MaterialKind | null;
  auto?: boolean;
}

/**
 * Store A's catalog with courses, sections, titles and adoptions written straight to the
 * tables, so the cost rules are seen as the triggers keep them whatever wrote the rows.
 */
export function costWorld(ctx: TestContext) {
  const { locations, catalog } = ctx.fixture;
  const locationId = locations.a;
  let serial = 0;
  const next = () => ++serial;

  const course = async (db: Db = ctx.db) => {
    const [row] = await db
      .insert(t.courses)
      .values({
        locationId,
        divisionId: catalog.divisionId,
        departmentId: catalog.departmentId,
        code: `C${next()}`,
        name: 'Cost course',
      })
      .returning({ id: t.courses.id });
    return row!.id;
  };
  const section = async (courseId: number, db: Db = ctx.db) => {
    const [row] = await db
      .insert(t.sections)
      .values({
        locationId,
        courseId,
        termId: catalog.termId,
        code: `S${next()}`,
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning({ id: t.sections.id });
    return row!.id;
  };
  const title = async (description: string, p: TitlePrices = {}, store = locationId) => {
    const [row] = await ctx.db
      .insert(t.titles)
      .values({
        locationId: store,
        ean13: `978${String(1_000_000_000 + next()).slice(-10)}`,
        description,
        author: 'Cost Author',
        listPriceCents: p.list ?? 0,
        usedPriceCents: p.used ?? null,
        rentalPriceCents: p.rental ?? null,
        digitalPriceCents: p.digital ?? null,
        materialKind: p.kind ?? 'COMMERCIAL_PRINT',
      })
      .returning({ id: t.titles.id });
    return row!.id;
  };
  const proposed = async (description: string) => {
    const [row] = await ctx.db
      .insert(t.proposedTitles)
      .values({ locationId, description })
      .returning({ id: t.proposedTitles.id });
    return row!.id;
  };
  const adopt = async (a: AdoptionSpec, db: Db = ctx.db) => {
    const [row] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId,
        courseId: a.courseId,
        titleId: a.titleId ?? null,
        proposedTitleId: a.proposedTitleId ?? null,
        adoptionType: a.auto ? 'AUTO_ADOPTION' : 'SECTION_ADOPTION',
        startDate: '2026-08-01',
        required: a.required ?? true,
        noTextRequired: a.noTextRequired ?? false,
        materialKind: a.kind ?? null,
      })
      .returning({ id: t.adoptionMaterials.id });
    if (a.sectionIds?.length) {
      await db
        .insert(t.adoptionMaterialSections)
        .values(a.sectionIds.map((sectionId) => ({ adoptionMaterialId: row!.id, sectionId })));
    }
    return row!.id;
  };
  const cost = async (sectionId: number, db: Db = ctx.db): Promise<KeptCost> => {
    const [row] = await queryRows<KeptCost>(
      db,
      sql`select id, required_cost_low_cents as low, required_cost_high_cents as high,
          cost_designation as kept, cost_reason as reason, designation
        from sections where id = ${sectionId}`,
    );
    return row!;
  };
  return { locationId, course, section, title, proposed, adopt, cost };
}

export type CostWorld = ReturnType<typeof costWorld>;

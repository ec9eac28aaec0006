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
  /** The wizard's "Inclusive access?" answer. */
  ia?: boolean;
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
        ia: a.ia ?? false,
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

interface CoverRow {
  section_id: number;
  adoption_id: number | null;
  required: boolean | null;
  ntr: boolean | null;
  kind: string | null;
  name: string | null;
  list: number | null;
  used: number | null;
  rental: number | null;
  digital: number | null;
  threshold: number;
  library_zero: boolean;
}

const KIND_LABELS: Record<string, string> = {
  COMMERCIAL_PRINT: 'Commercial print',
  COMMERCIAL_DIGITAL: 'Commercial digital',
  INCLUSIVE_ACCESS: 'Inclusive access',
  OER: 'Open educational resource',
  LIBRARY_LICENSED: 'Library-licensed',
  FREE: 'Free to students',
};

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One material's cost at the cheapest and dearest, by the rules written again in TypeScript. */
function materialCost(r: CoverRow): { low: number | null; high: number | null } {
  const kind = r.kind ?? 'COMMERCIAL_PRINT';
  const free =
    r.ntr || kind === 'OER' || kind === 'FREE' || (kind === 'LIBRARY_LICENSED' && r.library_zero);
  if (free) return { low: 0, high: 0 };
  const positive = (v: number | null) => (v !== null && v > 0 ? v : null);
  if (kind === 'INCLUSIVE_ACCESS') {
    const price = positive(r.digital) ?? positive(r.list);
    return { low: price, high: price };
  }
  const ways = [r.list, r.used, r.rental, r.digital].map(positive).filter((v) => v !== null);
  return ways.length
    ? { low: Math.min(...ways), high: Math.max(...ways) }
    : { low: null, high: null };
}

/**
 * Every section's cost recounted from the base tables, independently of migration 0039's SQL:
 * the coverage rule and the cost rules of docs/behaviour/flows.md#cost-transparency again.
 */
export async function recountCosts(db: Db) {
  const rows = await queryRows<CoverRow>(
    db,
    sql`with cover as (
        select ams.section_id, am.id from adoption_material_sections ams
          join adoption_materials am on am.id = ams.adoption_material_id
        where not ams.removed and am.active
        union
        select s.id, am.id from sections s join adoption_materials am
          on am.course_id = s.course_id and am.location_id = s.location_id
        where am.adoption_type = 'AUTO_ADOPTION' and am.active
      )
      select s.id as section_id, am.id as adoption_id, am.required, am.no_text_required as ntr,
        coalesce(am.material_kind, case when am.ia then 'INCLUSIVE_ACCESS' end, ti.material_kind)
          as kind,
        coalesce(ti.description, pt.description) as name, ti.list_price_cents as list,
        ti.used_price_cents as used, ti.rental_price_cents as rental,
        ti.digital_price_cents as digital, l.ltc_threshold_cents as threshold,
        l.library_licensed_is_zero as library_zero
      from sections s join locations l on l.id = s.location_id
        left join cover c on c.section_id = s.id
        left join adoption_materials am on am.id = c.id
        left join titles ti on ti.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      order by s.id, am.id`,
  );
  const bySection = new Map<number, CoverRow[]>();
  for (const r of rows) bySection.set(r.section_id, [...(bySection.get(r.section_id) ?? []), r]);
  return [...bySection].map(([id, covered]) => {
    const adopted = covered.filter((r) => r.adoption_id !== null);
    const threshold = covered[0]!.threshold;
    if (adopted.length === 0) {
      return { id, low: null, high: null, designation: 'NONE', reason: 'No adoption yet' };
    }
    const required = adopted
      .filter((r) => r.required)
      .map((r) => ({ ...materialCost(r), name: r.name ?? 'a material', r }));
    const unpriced = required
      .filter((m) => m.low === null)
      .map((m) => m.name)
      .sort();
    if (unpriced.length) {
      return {
        id,
        low: null,
        high: null,
        designation: 'NONE',
        reason: `No price for ${unpriced[0]}`,
      };
    }
    const low = required.reduce((sum, m) => sum + m.low!, 0);
    const high = required.reduce((sum, m) => sum + m.high!, 0);
    if (low === 0) return { id, low, high, designation: 'ZTC', reason: '' };
    if (low <= threshold) {
      const label = (m: (typeof required)[number]) =>
        `${m.name} (${KIND_LABELS[m.r.kind ?? 'COMMERCIAL_PRINT']})`;
      const dearest = [...required].sort(
        (a, b) =>
          b.low! - a.low! ||
          label(a).localeCompare(label(b), 'en') ||
          a.r.adoption_id! - b.r.adoption_id!,
      )[0]!;
      const reason = `${label(dearest)} costs ${dollars(dearest.low!)} at the cheapest`;
      return { id, low, high, designation: 'LTC', reason };
    }
    const reason = `Required materials cost ${dollars(low)} at the cheapest, over the ${dollars(threshold)} low-cost threshold`;
    return { id, low, high, designation: 'NONE', reason };
  });
}

import { type enrollments, fulfillmentPreferences, students } from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import { instant } from './dates.ts';
import type { Rng } from './prng.ts';
import { rngFor, type GenContext, type TermKind } from './store-plan.ts';
import {
  CITIES,
  DELIVERY_NOTES,
  FIRST_NAMES,
  LAST_NAMES,
  SHIPPING_PREFERENCES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './word-lists.ts';

export type Fulfillment = 'RENT_NEW' | 'RENT_USED' | 'BUY_NEW' | 'BUY_USED' | 'DIGITAL' | 'OPT_OUT';

/** Stored codes, their friendly names (docs/behaviour/entities.md#student-detail fulfillmentFriendlyName) and how common they are. */
export const FULFILLMENTS: readonly (readonly [Fulfillment, string, number])[] = [
  ['RENT_NEW', 'Rent New', 18],
  ['RENT_USED', 'Rent Used', 22],
  ['BUY_NEW', 'Buy New', 14],
  ['BUY_USED', 'Buy Used', 16],
  ['DIGITAL', 'Digital', 22],
  ['OPT_OUT', 'Opt Out', 8],
];

export interface StudentInfo {
  id: number;
  divisionIndex: number;
  /** True when the student has no current enrollment (preference division null). */
  noCurrent: boolean;
  preference: Fulfillment;
  sectionsByKind: Record<TermKind, number[]>;
  /** One of the plan's featured rental students. */
  featured: boolean;
  /**
   * Featured students only: required titles of their open sections that none of their orders
   * may buy, so autogen always has something to order for them.
   */
  reservedTitleIds: number[];
}

export interface PeopleData {
  students: (typeof students.$inferInsert)[];
  enrollments: (typeof enrollments.$inferInsert)[];
  fulfillmentPreferences: (typeof fulfillmentPreferences.$inferInsert)[];
  studentInfo: StudentInfo[];
}

/** `count` distinct items of `pool` by rejection sampling: cheap when count << pool size. */
function pickDistinct(rng: Rng, pool: readonly number[], count: number): number[] {
  const n = Math.min(count, pool.length);
  const chosen = new Set<number>();
  while (chosen.size < n) chosen.add(pool[rng.int(0, pool.length - 1)] as number);
  return [...chosen];
}

/** Required titles a featured student is left to order. */
const RESERVED_TITLES = 2;

/** Students, their enrollments and fulfillment preferences. */
export function generatePeople(
  ctx: GenContext,
  catalog: CatalogData,
  adoptions: Pick<AdoptionData, 'sectionTitles'>,
): PeopleData {
  const { plan, ids } = ctx;
  const rng = rngFor(plan, 2);
  const locationId = plan.locationId;
  const kindOf = new Map(catalog.sectionInfo.map((s) => [s.id, s.kind]));
  const openPools = plan.divisions.map((_, d) =>
    catalog.sectionInfo.filter((s) => s.divisionIndex === d && s.kind !== 'past').map((s) => s.id),
  );
  const pastPools = plan.divisions.map((_, d) =>
    catalog.sectionInfo.filter((s) => s.divisionIndex === d && s.kind === 'past').map((s) => s.id),
  );
  const divisionWeights = plan.divisions.map((d, i) => [i, d.studentWeight] as const);
  const data: PeopleData = {
    students: [],
    enrollments: [],
    fulfillmentPreferences: [],
    studentInfo: [],
  };
  const fixed = plan.featuredStudents ?? [];
  // Fixed student IDs are never drawn for anyone else, nor fixed full names.
  const usedIdNums = new Set<number>(fixed.map((f) => Number(f.studentIdNum)));
  const fixedNames = new Set(fixed.map((f) => `${f.firstName} ${f.lastName}`));
  const featuredSections = new FeaturedEnrollment(ctx, catalog, adoptions);

  for (let i = 0; i < plan.students; i++) {
    const id = ids.next(students);
    let idNum = rng.int(100_000_000, 999_999_999);
    while (usedIdNums.has(idNum)) idNum = rng.int(100_000_000, 999_999_999);
    usedIdNums.add(idNum);
    let firstName = rng.pick(FIRST_NAMES);
    let lastName = rng.pick(LAST_NAMES);
    while (fixedNames.has(`${firstName} ${lastName}`)) lastName = rng.pick(LAST_NAMES);
    const identity = fixed[i];
    if (identity) {
      idNum = Number(identity.studentIdNum);
      firstName = identity.firstName;
      lastName = identity.lastName;
    }
    const place = rng.pick(CITIES);
    const shippingPreference = rng.weighted([
      [SHIPPING_PREFERENCES[0] as string, 50],
      [SHIPPING_PREFERENCES[1] as string, 35],
      [SHIPPING_PREFERENCES[2] as string, 15],
    ]);
    const ships = shippingPreference !== SHIPPING_PREFERENCES[0];
    const apartment = rng.chance(0.3) ? `, Apt ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C'])}` : '';
    data.students.push({
      id,
      locationId,
      studentIdNum: String(idNum),
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i + 1}@${plan.studentEmailDomain}`
        .toLowerCase()
        .replace(/'/g, ''),
      shippingPreference,
      streetOne: `${rng.int(10, 9999)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}${apartment}`,
      city: place.city,
      state: place.state,
      postalCode: `${place.zip3}${String(rng.int(0, 99)).padStart(2, '0')}`,
      deliveryNote: ships && rng.chance(0.25) ? rng.pick(DELIVERY_NOTES) : '',
    });

    const divisionIndex = rng.weighted(divisionWeights);
    // Featured students always have current enrollments, so their rentals are demonstrable.
    const noCurrent = i >= plan.featuredRentalStudents && rng.chance(plan.noCurrentEnrollmentShare);
    const pool = noCurrent ? pastPools[divisionIndex] : openPools[divisionIndex];
    const wanted = noCurrent ? rng.int(1, 3) : Math.max(1, rng.around(plan.enrollmentsPerStudent));
    const info: StudentInfo = {
      id,
      divisionIndex,
      noCurrent,
      preference: rng.weighted(FULFILLMENTS.map(([code, , w]) => [code, w] as const)),
      sectionsByKind: { past: [], current: [], upcoming: [] },
      featured: i < plan.featuredRentalStudents,
      reservedTitleIds: [],
    };
    let chosen = pickDistinct(rng, pool ?? [], wanted);
    if (info.featured) {
      chosen = featuredSections.complete(rng, divisionIndex, chosen);
      info.reservedTitleIds = featuredSections.reserve(chosen);
    }
    for (const sectionId of chosen) {
      data.enrollments.push({ studentId: id, sectionId, locationId });
      info.sectionsByKind[kindOf.get(sectionId) ?? 'past'].push(sectionId);
    }
    data.studentInfo.push(info);
    const friendly = FULFILLMENTS.find(([code]) => code === info.preference)?.[1] ?? '';
    data.fulfillmentPreferences.push({
      id: ids.next(fulfillmentPreferences),
      locationId,
      studentId: id,
      divisionId: noCurrent ? null : (catalog.divisionIds[divisionIndex] ?? null),
      fulfillment: info.preference,
      fulfillmentFriendlyName: friendly,
      updatedAt: instant(ctx.todayDay - rng.int(1, 180), rng.int(8, 20)),
    });
  }
  return data;
}

/**
 * Enrols featured students where the demo needs it: in at least one current section, and in
 * sections (not ended) with at least RESERVED_TITLES required titles between them.
 */
class FeaturedEnrollment {
  private readonly info: Map<number, CatalogData['sectionInfo'][number]>;
  /** Per division: current sections, then upcoming ones, that have required titles. */
  private readonly adopted: number[][][];

  constructor(
    private readonly ctx: GenContext,
    catalog: CatalogData,
    private readonly adoptions: Pick<AdoptionData, 'sectionTitles'>,
  ) {
    this.info = new Map(catalog.sectionInfo.map((s) => [s.id, s]));
    this.adopted = ctx.plan.divisions.map((_, d) =>
      (['current', 'upcoming'] as const).map((kind) =>
        catalog.sectionInfo
          .filter(
            (s) =>
              s.divisionIndex === d &&
              s.kind === kind &&
              this.isOpen(s.id) &&
              this.requiredTitles([s.id]).length > 0,
          )
          .map((s) => s.id),
      ),
    );
  }

  /** Not ended: what the student's required materials are drawn from. */
  private isOpen(sectionId: number): boolean {
    const s = this.info.get(sectionId);
    return s !== undefined && s.kind !== 'past' && s.endDay >= this.ctx.todayDay;
  }

  private requiredTitles(sectionIds: readonly number[]): number[] {
    const titles = new Set<number>();
    for (const id of sectionIds) {
      if (!this.isOpen(id)) continue;
      for (const t of this.adoptions.sectionTitles.get(id) ?? []) {
        if (t.required) titles.add(t.titleId);
      }
    }
    return [...titles];
  }

  /** `chosen` plus sections until there is a current one and enough required titles. */
  complete(rng: Rng, divisionIndex: number, chosen: readonly number[]): number[] {
    const result = [...chosen];
    const [current = [], upcoming = []] = this.adopted[divisionIndex] ?? [];
    const add = (pool: readonly number[]): boolean => {
      // Never a second section of a course the student already takes.
      const courses = new Set(result.map((id) => this.info.get(id)?.courseId));
      const left = pool.filter((id) => !courses.has(this.info.get(id)?.courseId));
      if (left.length === 0) return false;
      result.push(rng.pick(left));
      return true;
    };
    if (!result.some((id) => this.info.get(id)?.kind === 'current')) add(current);
    for (let tries = 0; tries < 10; tries++) {
      if (this.requiredTitles(result).length >= RESERVED_TITLES) break;
      if (!add(current) && !add(upcoming)) break;
    }
    return result;
  }

  reserve(sectionIds: readonly number[]): number[] {
    return this.requiredTitles(sectionIds).slice(0, RESERVED_TITLES);
  }
}

import { type enrollments, fulfillmentPreferences, students } from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
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

/** Stored codes, their friendly names (spec §3 fulfillmentFriendlyName) and how common they are. */
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

/** Students, their enrollments and fulfillment preferences. */
export function generatePeople(ctx: GenContext, catalog: CatalogData): PeopleData {
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
  const usedIdNums = new Set<number>();

  for (let i = 0; i < plan.students; i++) {
    const id = ids.next(students);
    let idNum = rng.int(100_000_000, 999_999_999);
    while (usedIdNums.has(idNum)) idNum = rng.int(100_000_000, 999_999_999);
    usedIdNums.add(idNum);
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
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
    };
    for (const sectionId of pickDistinct(rng, pool ?? [], wanted)) {
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

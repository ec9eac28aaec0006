import type { CatalogData, SectionInfo } from './catalog-data.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import type { StudentInfo } from './gen-people.ts';
import type { RentalState } from './gen-rentals.ts';
import type { TitleData } from './gen-titles.ts';
import type { Rng } from './prng.ts';
import type { GenContext, TermKind } from './store-plan.ts';

/** One order line chosen up front. */
export interface ItemChoice {
  titleId: number;
  sectionId: number | null;
}

/** A fulfilled rental order whose rentals all take `forced`. */
export interface FeaturedOrder {
  kind: TermKind;
  forced: RentalState;
  items: ItemChoice[];
  /** The rentals' due date (UTC day number); the term's end when omitted. */
  rentalDueDay?: number;
}

/** Days to the first group's due date for featured students without a fixed identity. */
const DUE_SOON = [3, 10, 1, 7, 0, 2, 5, 9, 4, 6];

/** Far enough out that the second group is in no reminder window. */
const LATER_DUE_DAYS = 21;

export interface FeaturedSources {
  sectionById: ReadonlyMap<number, SectionInfo>;
  catalog: CatalogData;
  titleData: TitleData;
  adoptions: AdoptionData;
  allTitles: readonly number[];
}

/**
 * A featured student's rental orders: two outstanding return groups (the first due within ten
 * days), one group in transit and one returned, every rental of a different title (so a scan
 * of an ISBN finds one item) and none of the titles the student is left to order.
 */
export function featuredOrders(
  ctx: GenContext,
  rng: Rng,
  student: StudentInfo,
  index: number,
  sources: FeaturedSources,
): FeaturedOrder[] {
  const taken = new Set(student.reservedTitleIds);
  const items = (kind: TermKind, count: number): ItemChoice[] => {
    const chosen: ItemChoice[] = [];
    const sectionIds = student.sectionsByKind[kind];
    // The student's course materials first, then books of their departments, then any.
    const adopted = sectionIds.flatMap((sectionId) => {
      const courseId = sources.sectionById.get(sectionId)?.courseId;
      const titles =
        courseId === undefined ? [] : sources.adoptions.adoptedTitlesByCourse.get(courseId);
      return (titles ?? []).map((titleId) => ({ titleId, sectionId }));
    });
    const fromDepartment = (): ItemChoice | null => {
      if (sectionIds.length === 0) return null;
      const sectionId = rng.pick(sectionIds);
      const department = sources.sectionById.get(sectionId)?.departmentIndex ?? -1;
      const pool = sources.titleData.titlesByDepartment[department] ?? [];
      return pool.length > 0 ? { titleId: rng.pick(pool), sectionId } : null;
    };
    for (let tries = 0; chosen.length < count && tries < 200; tries++) {
      const candidate = adopted.find((c) => !taken.has(c.titleId)) ??
        (tries < 100 ? fromDepartment() : null) ?? {
          titleId: rng.pick(sources.allTitles),
          sectionId: null,
        };
      if (taken.has(candidate.titleId)) continue;
      taken.add(candidate.titleId);
      chosen.push(candidate);
    }
    return chosen;
  };
  const dueInDays =
    ctx.plan.featuredStudents?.[index]?.dueInDays ?? DUE_SOON[index % DUE_SOON.length] ?? 3;
  const term = sources.catalog.termsByDivision[student.divisionIndex]?.current;
  return [
    {
      kind: 'current',
      forced: 'OUTSTANDING',
      items: items('current', 2),
      rentalDueDay: ctx.todayDay + dueInDays,
    },
    {
      kind: 'current',
      forced: 'OUTSTANDING',
      items: items('current', 2),
      rentalDueDay: Math.max(term?.endDay ?? 0, ctx.todayDay + LATER_DUE_DAYS),
    },
    { kind: 'current', forced: 'IN_TRANSIT', items: items('current', 2) },
    { kind: 'past', forced: 'RETURNED', items: items('past', 2) },
  ];
}

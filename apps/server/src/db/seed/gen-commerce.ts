import type { FulfillmentType } from '@csp/contracts';
import { priceCents } from '../../lib/pricing.ts';
import { marketplaceConditions, orderItems, orders, type rentals } from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import type { PeopleData, StudentInfo } from './gen-people.ts';
import type { TitleData } from './gen-titles.ts';
import { instant } from './dates.ts';
import type { Rng } from './prng.ts';
import { rngFor, type GenContext, type TermKind } from './store-plan.ts';
import { buildRentals, type RentalCandidate, type RentalState } from './gen-rentals.ts';
import { featuredOrders, type ItemChoice } from './gen-featured-orders.ts';

export interface CommerceData {
  marketplaceConditions: (typeof marketplaceConditions.$inferInsert)[];
  orders: (typeof orders.$inferInsert)[];
  orderItems: (typeof orderItems.$inferInsert)[];
  rentals: (typeof rentals.$inferInsert)[];
}

/** Return conditions, best first (docs/behaviour/entities.md#marketplace-condition). */
export const MARKETPLACE_CONDITIONS = [
  'New',
  'Like New',
  'Very Good',
  'Good',
  'Acceptable',
  'Damaged',
];

const ORDER_TYPES = [
  ['WEB', 55],
  ['IN_STORE', 20],
  ['AUTOGEN', 15],
  ['INCLUSIVE_ACCESS', 10],
] as const;

const STATUS_BY_KIND: Record<TermKind, readonly (readonly [string, number])[]> = {
  past: [
    ['FULFILLED', 88],
    ['CANCELLED', 12],
  ],
  current: [
    ['FULFILLED', 70],
    ['OPEN', 14],
    ['ON_HOLD', 8],
    ['CANCELLED', 8],
  ],
  upcoming: [
    ['OPEN', 65],
    ['ON_HOLD', 15],
    ['FULFILLED', 12],
    ['CANCELLED', 8],
  ],
};

/** What an order item can be; OPT_OUT is a preference, never an item. */
const BUYABLE = ['RENT_NEW', 'RENT_USED', 'BUY_NEW', 'BUY_USED', 'DIGITAL'] as const;
type Buyable = (typeof BUYABLE)[number] & FulfillmentType;

interface OrderOptions {
  kind: TermKind;
  /** Forces a fulfilled rental order whose rentals all take this state. */
  forced?: RentalState;
  /** The order's lines; random ones when omitted. */
  items?: readonly ItemChoice[];
  /** The rentals' due date (UTC day number); the term's end when omitted. */
  rentalDueDay?: number;
}

/** Marketplace conditions, orders with items for the dashboards, and rentals in every state. */
export function generateCommerce(
  ctx: GenContext,
  catalog: CatalogData,
  people: PeopleData,
  titleData: TitleData,
  adoptions: AdoptionData,
): CommerceData {
  const { plan, ids } = ctx;
  const rng = rngFor(plan, 5);
  const locationId = plan.locationId;
  const data: CommerceData = { marketplaceConditions: [], orders: [], orderItems: [], rentals: [] };
  const conditionIds = MARKETPLACE_CONDITIONS.map((name, i) => {
    const id = ids.next(marketplaceConditions);
    data.marketplaceConditions.push({ id, locationId, name, sortOrder: i + 1 });
    return id;
  });
  const sectionById = new Map(catalog.sectionInfo.map((s) => [s.id, s]));
  const allTitles = titleData.titlesByDepartment.flat();
  const candidates: RentalCandidate[] = [];
  const forced: RentalCandidate[] = [];
  const gen: CommerceGen = {
    ctx,
    rng,
    catalog,
    titleData,
    adoptions,
    data,
    sectionById,
    allTitles,
    candidates,
    forced,
  };

  people.studentInfo.forEach((student, index) => {
    if (index < plan.featuredRentalStudents) {
      const sources = { sectionById, catalog, titleData, adoptions, allTitles };
      for (const order of featuredOrders(ctx, rng, student, index, sources)) {
        makeOrder(gen, student, order);
      }
    }
    const count = rng.around(plan.ordersPerStudent);
    for (let n = 0; n < count; n++) {
      const kind: TermKind = student.noCurrent
        ? 'past'
        : rng.weighted([
            ['past', 30],
            ['current', 55],
            ['upcoming', 15],
          ] as const);
      makeOrder(gen, student, { kind });
    }
  });

  data.rentals = buildRentals(ctx, rngFor(plan, 6), { candidates, forced, conditionIds });
  return data;
}

/** What the order generators share: the store's PRNG, its data so far and the rental candidates. */
interface CommerceGen {
  ctx: GenContext;
  rng: Rng;
  catalog: CatalogData;
  titleData: TitleData;
  adoptions: AdoptionData;
  data: CommerceData;
  sectionById: Map<number, CatalogData['sectionInfo'][number]>;
  allTitles: number[];
  candidates: RentalCandidate[];
  forced: RentalCandidate[];
}

/** A line of a generated order: mostly the course's adopted titles. */
function randomItem(gen: CommerceGen, student: StudentInfo, kind: TermKind): ItemChoice {
  const { rng, sectionById, adoptions, titleData, allTitles } = gen;
  const enrolled = student.sectionsByKind[kind];
  const sectionId = enrolled.length > 0 ? rng.pick(enrolled) : null;
  const section = sectionId === null ? undefined : sectionById.get(sectionId);
  const adopted = section ? adoptions.adoptedTitlesByCourse.get(section.courseId) : undefined;
  const departmentPool = section
    ? titleData.titlesByDepartment[section.departmentIndex]
    : undefined;
  let titleId =
    adopted && adopted.length > 0 && rng.chance(0.85)
      ? rng.pick(adopted)
      : departmentPool && departmentPool.length > 0
        ? rng.pick(departmentPool)
        : rng.pick(allTitles);
  // A featured student's reserved titles stay unbought: autogen must have something to order.
  while (student.reservedTitleIds.includes(titleId)) titleId = rng.pick(allTitles);
  return { titleId, sectionId };
}

/** One order and its lines; a fulfilled rent line becomes a rental candidate. */
function makeOrder(gen: CommerceGen, student: StudentInfo, options: OrderOptions): void {
  const { ctx, rng, catalog, titleData, data, candidates, forced } = gen;
  const { plan, ids, todayDay } = ctx;
  const locationId = plan.locationId;
  const { kind } = options;
  const term = catalog.termsByDivision[student.divisionIndex]?.[kind];
  if (!term) return;
  const orderId = ids.next(orders);
  const orderType = options.forced ? 'WEB' : rng.weighted(ORDER_TYPES);
  const status = options.forced ? 'FULFILLED' : rng.weighted(STATUS_BY_KIND[kind]);
  let createdDay =
    kind === 'upcoming'
      ? todayDay - rng.int(0, 30)
      : term.startDay + rng.int(-20, kind === 'past' ? 20 : 30);
  // Nothing happens later than yesterday, so no timestamp lies in the future of `today`.
  createdDay = Math.min(createdDay, todayDay - (options.forced ? 10 : 1));
  const dueDay =
    orderType === 'INCLUSIVE_ACCESS'
      ? Math.max(term.startDay, createdDay + 1)
      : createdDay + rng.int(2, 5);
  data.orders.push({
    id: orderId,
    locationId,
    studentId: student.id,
    divisionId: catalog.divisionIds[student.divisionIndex] as number,
    termId: term.id,
    orderType,
    status,
    createdAt: instant(createdDay, rng.int(8, 20)),
    dueAt: instant(dueDay, 17),
  });
  const itemCount = options.items?.length ?? Math.max(1, rng.around(plan.itemsPerOrder));
  for (let n = 0; n < itemCount; n++) {
    const { titleId, sectionId } = options.items?.[n] ?? randomItem(gen, student, kind);
    const fulfillmentType: Buyable = options.forced
      ? rng.pick(['RENT_NEW', 'RENT_USED'] as const)
      : orderType === 'INCLUSIVE_ACCESS'
        ? 'DIGITAL'
        : student.preference !== 'OPT_OUT' && rng.chance(0.7)
          ? student.preference
          : rng.pick(BUYABLE);
    const { itemStatus, fulfilledDay } = itemOutcome(
      rng,
      status,
      createdDay,
      dueDay,
      todayDay,
      !!options.forced,
    );
    const listPrice = titleData.titlePrice.get(titleId) ?? 0;
    const price = priceCents(listPrice, fulfillmentType);
    const itemId = ids.next(orderItems);
    data.orderItems.push({
      id: itemId,
      locationId,
      orderId,
      titleId,
      sectionId,
      fulfillmentType,
      status: itemStatus,
      priceCents: price,
      savingsCents: listPrice - price,
      fulfilledAt: fulfilledDay === null ? null : instant(fulfilledDay, rng.int(8, 20)),
    });
    if (itemStatus === 'FULFILLED' && fulfillmentType.startsWith('RENT') && fulfilledDay !== null) {
      const candidate: RentalCandidate = {
        orderId,
        studentId: student.id,
        titleId,
        kind,
        fulfilledDay,
        dueDay: options.rentalDueDay ?? term.endDay,
        forced: options.forced,
      };
      // A featured student's rentals are exactly the featured ones (documented, and each of
      // its own ISBN); their other rent items were simply not rentals, like many others'.
      if (options.forced) forced.push(candidate);
      else if (!student.featured) candidates.push(candidate);
    }
  }
}

function itemOutcome(
  rng: Rng,
  orderStatus: string,
  createdDay: number,
  dueDay: number,
  todayDay: number,
  forced: boolean,
): { itemStatus: string; fulfilledDay: number | null } {
  if (orderStatus === 'CANCELLED') return { itemStatus: 'CANCELLED', fulfilledDay: null };
  if (orderStatus === 'ON_HOLD') return { itemStatus: 'PENDING', fulfilledDay: null };
  const fulfil = orderStatus === 'FULFILLED' ? forced || rng.chance(0.95) : rng.chance(0.2);
  if (!fulfil)
    return {
      itemStatus: orderStatus === 'FULFILLED' ? 'CANCELLED' : 'PENDING',
      fulfilledDay: null,
    };
  // About one in four items ships after its due date, so on-time figures are not all 100 %.
  const late = !forced && rng.chance(0.25);
  // Never on the order day itself, so an item is not fulfilled before it was ordered.
  let day = late
    ? dueDay + rng.int(1, 6)
    : createdDay + rng.int(1, Math.max(1, dueDay - createdDay));
  if (day >= todayDay) {
    if (!forced) return { itemStatus: 'PENDING', fulfilledDay: null };
    day = todayDay - 1;
  }
  return { itemStatus: 'FULFILLED', fulfilledDay: day };
}

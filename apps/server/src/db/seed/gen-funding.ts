import {
  formatMoney,
  SPENDING_OF_FULFILLMENT,
  type FundingActivityAction,
  type FundingKind,
  type FundingScope,
  type FundingSpending,
  type LedgerKind,
  type UnspentPolicy,
} from '@csp/contracts';
import {
  fundingActivity,
  fundingAllowances,
  fundingLedger,
  fundingSources,
  type fundingSourceTerms,
} from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
import { dayNumber, instant, isoDay } from './dates.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import type { CommerceData } from './gen-commerce.ts';
import type { PeopleData, StudentInfo } from './gen-people.ts';
import type { Rng } from './prng.ts';
import { rngFor, type GenContext } from './store-plan.ts';

/** Funding rows of one store (issue 14, ADR 0019), ids assigned, in foreign-key order. */
export interface FundingData {
  sources: (typeof fundingSources.$inferInsert)[];
  sourceTerms: (typeof fundingSourceTerms.$inferInsert)[];
  allowances: (typeof fundingAllowances.$inferInsert)[];
  /** Sorted by time, so every charge comes after its allocation (the ledger guard checks). */
  ledger: (typeof fundingLedger.$inferInsert)[];
  activity: (typeof fundingActivity.$inferInsert)[];
}

/** What a store's funding is generated from: its generated people, orders and accounts. */
export interface FundingInput {
  ctx: GenContext;
  catalog: CatalogData;
  people: PeopleData;
  commerce: CommerceData;
  adoptions: Pick<AdoptionData, 'sectionTitles'>;
  accountIds: ReadonlyMap<string, number>;
}

export type FundingGenerator = (input: FundingInput) => FundingData;

type OrderRow = CommerceData['orders'][number];
type ItemRow = CommerceData['orderItems'][number];

export interface SourceSpec {
  name: string;
  kind: FundingKind;
  budgetCents: number;
  /** Empty: any term. */
  termIds: readonly number[];
  startDay: number;
  endDay: number;
  capCents: number | null;
  scope: FundingScope;
  spending: readonly FundingSpending[];
  unspentPolicy: UnspentPolicy;
  promo?: { code: string; amountCents: number; useLimit: number };
  createdBy: number;
  createdDay: number;
  /** The budget it was created with, when an edit changed it since (see `edited`). */
  initialBudgetCents?: number;
}

export interface Source {
  id: number;
  spec: SourceSpec;
  allocated: number;
  allowances: Allowance[];
}

export interface Allowance {
  id: number;
  source: Source;
  studentId: number;
  createdAt: Date;
  balance: number;
}

export const ALL_SPENDING: readonly FundingSpending[] = ['NEW', 'USED', 'RENTAL', 'DIGITAL'];
/** voucher-code.ts's alphabet (Crockford base 32); the seed draws from its own PRNG. */
const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HOUR_MS = 3_600_000;

/**
 * Writes funding history the way the funding module would have: an ALLOCATION per allowance,
 * CHARGEs of real order lines (each line paid once, never more than the balance), REFUNDs of
 * cancelled orders, EXPIRY or PAYOUT when a window is closed. It refuses (throws) anything the
 * ledger guard would, because the large seed loads with triggers off.
 */
export class FundingBook {
  readonly rng: Rng;
  private readonly data: FundingData = {
    sources: [],
    sourceTerms: [],
    allowances: [],
    ledger: [],
    activity: [],
  };
  private readonly codes = new Set<string>();
  private readonly paidItems = new Set<number>();
  private readonly idNums: Map<number, string>;
  private readonly ownSections: Map<number, Set<number>>;
  private readonly required: Map<number, Set<number>>;
  private readonly itemsByOrder = new Map<number, ItemRow[]>();
  readonly ordersByStudent = new Map<number, OrderRow[]>();

  constructor(private readonly input: FundingInput) {
    const { ctx, people, commerce, adoptions } = input;
    this.rng = rngFor(ctx.plan, 8);
    this.idNums = new Map(people.students.map((s) => [s.id as number, s.studentIdNum]));
    this.ownSections = new Map(
      people.studentInfo.map((s) => [s.id, new Set(Object.values(s.sectionsByKind).flat())]),
    );
    this.required = new Map(
      [...adoptions.sectionTitles].map(([sectionId, list]) => [
        sectionId,
        new Set(list.filter((t) => t.required).map((t) => t.titleId)),
      ]),
    );
    for (const item of commerce.orderItems) push(this.itemsByOrder, item.orderId, item);
    for (const order of commerce.orders) push(this.ordersByStudent, order.studentId, order);
  }

  get todayDay(): number {
    return this.input.ctx.todayDay;
  }

  account(userName: string): number {
    const id = this.input.accountIds.get(userName);
    if (id === undefined) throw new Error(`No account ${userName} for the funding seed`);
    return id;
  }

  /** Students who are not featured (end-to-end tests place orders for those). */
  generatedStudents(keep: (s: StudentInfo) => boolean): StudentInfo[] {
    return this.input.people.studentInfo.filter((s) => !s.featured && keep(s));
  }

  source(spec: SourceSpec): Source {
    const { ctx } = this.input;
    const id = ctx.ids.next(fundingSources);
    const createdAt = instant(spec.createdDay, 10);
    this.data.sources.push({
      id,
      locationId: ctx.plan.locationId,
      name: spec.name,
      kind: spec.kind,
      budgetCents: spec.budgetCents,
      chargeStartsOn: isoDay(spec.startDay),
      chargeEndsOn: isoDay(spec.endDay),
      perStudentCapCents: spec.capCents,
      scope: spec.scope,
      spending: [...spec.spending],
      unspentPolicy: spec.unspentPolicy,
      promoCode: spec.promo?.code ?? null,
      promoAmountCents: spec.promo?.amountCents ?? null,
      promoUseLimit: spec.promo?.useLimit ?? null,
      closedAt: null,
      version: 0,
      createdBy: spec.createdBy,
      createdAt,
      updatedAt: createdAt,
    });
    for (const termId of spec.termIds) this.data.sourceTerms.push({ sourceId: id, termId });
    const source: Source = { id, spec, allocated: 0, allowances: [] };
    this.activity(source, null, spec.createdBy, 'SOURCE_CREATED', createdAt, {
      summary: `Created with a budget of ${formatMoney(spec.initialBudgetCents ?? spec.budgetCents)}`,
    });
    return source;
  }

  /** An edit after creation (the version moves on), e.g. a budget raised. */
  edited(source: Source, at: Date, actor: number, summary: string): void {
    const row = this.data.sources.find((s) => s.id === source.id);
    if (!row) throw new Error(`No funding source ${source.id}`);
    row.version = (row.version ?? 0) + 1;
    row.updatedAt = at;
    this.activity(source, null, actor, 'SOURCE_UPDATED', at, { summary });
  }

  allow(
    source: Source,
    studentId: number,
    amountCents: number,
    at: Date,
    actor: number | null,
    activity: 'ALLOWANCE_ADDED' | 'PROMOTION_REDEEMED' | null,
  ): Allowance {
    const cap = source.spec.capCents;
    if (amountCents <= 0 || (cap !== null && amountCents > cap))
      throw new Error(`Funding seed: ${amountCents} is not a valid allowance of ${source.id}`);
    if (source.allocated + amountCents > source.spec.budgetCents)
      throw new Error(`Funding seed: source ${source.spec.name} would exceed its budget`);
    const { ctx } = this.input;
    const id = ctx.ids.next(fundingAllowances);
    this.data.allowances.push({
      id,
      locationId: ctx.plan.locationId,
      sourceId: source.id,
      studentId,
      voucherCode: this.voucherCode(),
      note: '',
      createdBy: actor,
      createdAt: at,
    });
    const allowance: Allowance = { id, source, studentId, createdAt: at, balance: 0 };
    source.allowances.push(allowance);
    source.allocated += amountCents;
    this.entry(allowance, 'ALLOCATION', amountCents, at, actor);
    const idNum = this.idNums.get(studentId) ?? String(studentId);
    if (activity === 'ALLOWANCE_ADDED')
      this.activity(source, id, actor, activity, at, {
        summary: `${formatMoney(amountCents)} to student ${idNum}`,
        details: { studentId, amountCents },
      });
    if (activity === 'PROMOTION_REDEEMED')
      this.activity(source, id, actor, activity, at, {
        summary: `${source.spec.promo?.code} used by student ${idNum}`,
        details: { studentId, amountCents },
      });
    return allowance;
  }

  /** One activity entry for a whole file of allowances (the upload flow's apply). */
  applied(source: Source, at: Date, actor: number, fileName: string): void {
    const total = source.allowances.reduce((sum, a) => sum + a.balance, 0);
    this.activity(source, null, actor, 'UPLOAD_APPLIED', at, {
      summary: `${fileName}: ${source.allowances.length} allowances, ${formatMoney(total)}`,
    });
  }

  /** The student's orders this allowance could have paid (inside the window, after it was given). */
  ordersFor(allowance: Allowance): OrderRow[] {
    const { spec } = allowance.source;
    return (this.ordersByStudent.get(allowance.studentId) ?? []).filter((o) => {
      const at = o.createdAt as Date;
      const day = dayNumber(at);
      return (
        day >= spec.startDay &&
        day <= spec.endDay &&
        at >= allowance.createdAt &&
        (spec.termIds.length === 0 || (o.termId != null && spec.termIds.includes(o.termId)))
      );
    });
  }

  /**
   * Charges the order's lines the source pays for and no allowance paid yet, up to the balance
   * and `maxCents`, at the order's time. Answers the cents charged (0: nothing written).
   */
  charge(allowance: Allowance, order: OrderRow, maxCents = Infinity): number {
    const { spec } = allowance.source;
    const orderId = order.id as number;
    const cancelled = order.status === 'CANCELLED';
    let left = Math.min(allowance.balance, maxCents);
    const details: { sectionId: number | null; titleId: number; cents: number }[] = [];
    for (const item of this.itemsByOrder.get(orderId) ?? []) {
      if (left <= 0) break;
      const itemId = item.id as number;
      const spending = SPENDING_OF_FULFILLMENT[item.fulfillmentType];
      if (this.paidItems.has(itemId) || item.priceCents <= 0) continue;
      if (!cancelled && item.status === 'CANCELLED') continue;
      if (!spending || !spec.spending.includes(spending)) continue;
      if (spec.scope === 'REQUIRED_OWN_SECTIONS' && !this.requiredOwn(allowance.studentId, item))
        continue;
      const cents = Math.min(item.priceCents, left);
      details.push({ sectionId: item.sectionId ?? null, titleId: item.titleId, cents });
      this.paidItems.add(itemId);
      left -= cents;
    }
    const total = details.reduce((sum, d) => sum + d.cents, 0);
    if (total === 0) return 0;
    this.entry(allowance, 'CHARGE', -total, order.createdAt as Date, null, {
      orderId,
      termId: order.termId,
      details,
    });
    return total;
  }

  /** The cancellation of a charged order, two hours after it was placed. */
  refund(allowance: Allowance, order: OrderRow, cents: number, actor: number | null): void {
    const at = new Date((order.createdAt as Date).getTime() + 2 * HOUR_MS);
    this.entry(allowance, 'REFUND', cents, at, actor, {
      orderId: order.id as number,
      termId: order.termId,
      note: 'Order cancelled',
    });
  }

  /** The closing job the night after the window ended: every balance left expires or is paid out. */
  close(source: Source): void {
    const at = instant(source.spec.endDay + 1, 2);
    const kind = source.spec.unspentPolicy === 'RETURN_TO_SOURCE' ? 'EXPIRY' : 'PAYOUT';
    let total = 0;
    let count = 0;
    for (const allowance of source.allowances) {
      if (allowance.balance <= 0) continue;
      total += allowance.balance;
      count++;
      this.entry(allowance, kind, -allowance.balance, at, null);
    }
    const row = this.data.sources.find((s) => s.id === source.id);
    if (row) row.closedAt = at;
    this.activity(source, null, null, 'BALANCES_CLOSED', at, {
      summary: `${count} unspent balances closed: ${formatMoney(total)} ${
        kind === 'EXPIRY' ? 'returned to the source' : 'to pay out to students'
      }`,
      details: { allowances: count, closedCents: total },
    });
  }

  /** The rows, the ledger in time order with ids in that order. */
  finish(): FundingData {
    const { ids } = this.input.ctx;
    const byTime = <T extends { at?: Date | null }>(rows: T[]) =>
      rows.sort((x, y) => (x.at as Date).getTime() - (y.at as Date).getTime());
    for (const row of byTime(this.data.ledger)) row.id = ids.next(fundingLedger);
    for (const row of byTime(this.data.activity)) row.id = ids.next(fundingActivity);
    return this.data;
  }

  private requiredOwn(studentId: number, item: ItemRow): boolean {
    const sectionId = item.sectionId;
    if (sectionId === null || sectionId === undefined) return false;
    return (
      (this.ownSections.get(studentId)?.has(sectionId) ?? false) &&
      (this.required.get(sectionId)?.has(item.titleId) ?? false)
    );
  }

  private voucherCode(): string {
    for (;;) {
      let code = '';
      for (let i = 0; i < 10; i++) {
        if (i === 5) code += '-';
        code += VOUCHER_ALPHABET[this.rng.int(0, VOUCHER_ALPHABET.length - 1)];
      }
      if (!this.codes.has(code)) {
        this.codes.add(code);
        return code;
      }
    }
  }

  private entry(
    allowance: Allowance,
    kind: LedgerKind,
    amountCents: number,
    at: Date,
    actor: number | null,
    extra: { orderId?: number; termId?: number | null; details?: object; note?: string } = {},
  ): void {
    if (allowance.balance + amountCents < 0)
      throw new Error(`Funding seed: allowance ${allowance.id} would be overdrawn`);
    allowance.balance += amountCents;
    this.data.ledger.push({
      locationId: this.input.ctx.plan.locationId,
      sourceId: allowance.source.id,
      allowanceId: allowance.id,
      studentId: allowance.studentId,
      kind,
      amountCents,
      orderId: extra.orderId ?? null,
      termId: extra.termId ?? null,
      actorAccountId: actor,
      at,
      note: extra.note ?? '',
      details: extra.details ?? {},
    });
  }

  private activity(
    source: Source,
    allowanceId: number | null,
    actor: number | null,
    action: FundingActivityAction,
    at: Date,
    what: { summary: string; details?: object },
  ): void {
    this.data.activity.push({
      locationId: this.input.ctx.plan.locationId,
      sourceId: source.id,
      allowanceId,
      actorAccountId: actor,
      action,
      at,
      summary: what.summary,
      details: what.details ?? {},
    });
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface GrantPlan {
  students: readonly StudentInfo[];
  amount: (rng: Rng) => number;
  day: number;
  actor: number;
  /** ALLOWANCE_ADDED per allowance, or one UPLOAD_APPLIED naming this file. */
  fileName?: string;
  /** How many allowances are charged, and how many orders each at most. */
  chargedAllowances: number;
  ordersEach: number;
  /** How many charged cancelled orders are refunded (others are not charged at all). */
  refunds: number;
}

/** Gives each student an allowance, then charges some of them against their orders. */
export function fund(book: FundingBook, source: Source, plan: GrantPlan): Allowance[] {
  const at = (i: number) => instant(plan.day, 9 + (i % 8));
  const allowances = plan.students.map((s, i) =>
    book.allow(
      source,
      s.id,
      plan.amount(book.rng),
      at(i),
      plan.actor,
      plan.fileName ? null : 'ALLOWANCE_ADDED',
    ),
  );
  if (plan.fileName) book.applied(source, at(plan.students.length), plan.actor, plan.fileName);
  let charged = 0;
  let refunds = plan.refunds;
  for (const allowance of allowances) {
    if (charged >= plan.chargedAllowances) break;
    let orders = 0;
    for (const order of book.ordersFor(allowance)) {
      if (orders >= plan.ordersEach) break;
      const cancelled = order.status === 'CANCELLED';
      if (cancelled && refunds <= 0) continue;
      const cents = book.charge(allowance, order);
      if (cents === 0) continue;
      orders++;
      if (cancelled) {
        book.refund(allowance, order, cents, plan.actor);
        refunds--;
      }
    }
    if (orders > 0) charged++;
  }
  return allowances;
}

/** Promotion uses: a student's order placed inside the window, paid (partly) by the code. */
export function redeem(
  book: FundingBook,
  source: Source,
  students: readonly StudentInfo[],
  uses: number,
  actor: number,
): number {
  const promo = source.spec.promo;
  if (!promo) throw new Error('Funding seed: redeem needs a promotion');
  let used = 0;
  for (const student of students) {
    if (used >= uses) break;
    for (const order of book.ordersByStudent.get(student.id) ?? []) {
      const day = dayNumber(order.createdAt as Date);
      if (order.status === 'CANCELLED' || day < source.spec.startDay || day > source.spec.endDay)
        continue;
      const allowance = book.allow(
        source,
        student.id,
        promo.amountCents,
        order.createdAt as Date,
        actor,
        'PROMOTION_REDEEMED',
      );
      // A line another allowance already paid leaves the use unspent; it stays a use.
      book.charge(allowance, order);
      used++;
      break;
    }
  }
  return used;
}

/** "Fall 2025" of "Fall 2025 - Main Campus". */
function termName(catalog: CatalogData, termId: number): string {
  const name = catalog.terms.find((t) => t.id === termId)?.name ?? '';
  return name.split(' - ')[0] ?? name;
}

const AID_AMOUNTS = [35_000, 40_000, 45_000, 50_000, 55_000, 60_000];

/**
 * Demo store A's funding (FEATURED_STUDENTS.md's students get none: end-to-end tests place
 * their orders and expect no funding in the totals). The current aid source's window holds
 * today, so a clerk can pay an order from it; the past one shows a closed window.
 */
export function demoStoreAFunding(input: FundingInput): FundingData {
  const book = new FundingBook(input);
  const { catalog } = input;
  const rng = book.rng;
  const today = book.todayDay;
  const cma = book.account('cma@demo-university.edu');
  const admin = book.account('admin@demo-university.edu');
  const main = catalog.termsByDivision[0];
  if (!main) throw new Error('Funding seed: store A has no division');
  // Main campus's current term: the demo's aid term (the other divisions' calendars differ).
  const currentTerms = [main.current.id];
  const start = main.current.startDay;
  // Two weeks before the term to three weeks into it, and never closed before today.
  const open = { startDay: start - 14, endDay: Math.max(start + 21, today + 10) };
  const enrolledNow = book.generatedStudents(
    (s) => s.divisionIndex === 0 && s.sectionsByKind.current.length > 0,
  );

  const aid = book.source({
    name: 'Federal Financial Aid Book Advance',
    kind: 'FINANCIAL_AID',
    budgetCents: 6_000_000,
    initialBudgetCents: 5_000_000,
    termIds: currentTerms,
    ...open,
    capCents: 60_000,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: open.startDay - 10,
  });
  book.edited(aid, instant(open.startDay - 9, 14), admin, 'Budget $50,000.00 → $60,000.00');
  fund(book, aid, {
    students: rng.sample(enrolledNow, 60),
    amount: (r) => r.pick(AID_AMOUNTS),
    day: open.startDay - 7,
    actor: cma,
    chargedAllowances: 8,
    ordersEach: 1,
    refunds: 1,
  });

  const honors = book.source({
    name: 'Honors College Book Scholarship',
    kind: 'SCHOLARSHIP',
    budgetCents: 500_000,
    termIds: [],
    startDay: open.startDay,
    endDay: Math.max(main.upcoming.endDay, today + 10),
    capCents: 30_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ['NEW', 'DIGITAL'],
    unspentPolicy: 'PAY_OUT_TO_STUDENT',
    createdBy: admin,
    createdDay: open.startDay - 6,
  });
  fund(book, honors, {
    students: rng.sample(enrolledNow, 15),
    amount: (r) => r.pick([20_000, 25_000, 30_000]),
    day: open.startDay - 5,
    actor: admin,
    chargedAllowances: 5,
    ordersEach: 1,
    refunds: 0,
  });

  const chemistry = new Set(
    catalog.sectionInfo
      .filter((s) => s.kind === 'current')
      .filter((s) => catalog.departmentInfo[s.departmentIndex]?.def.code === 'CHEM')
      .map((s) => s.id),
  );
  const lab = book.source({
    name: 'Chemistry Department Lab Manual Fund',
    kind: 'DEPARTMENT',
    budgetCents: 200_000,
    termIds: currentTerms,
    ...open,
    capCents: 7_500,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ['NEW', 'USED'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: open.startDay - 4,
  });
  fund(book, lab, {
    students: rng.sample(
      enrolledNow.filter((s) => s.sectionsByKind.current.some((id) => chemistry.has(id))),
      20,
    ),
    amount: (r) => r.pick([5_000, 7_500]),
    day: open.startDay - 3,
    actor: cma,
    chargedAllowances: 3,
    ordersEach: 1,
    refunds: 0,
  });

  const pastStart = main.past.startDay;
  const ended = book.source({
    name: `Federal Financial Aid Book Advance (${termName(catalog, main.past.id)})`,
    kind: 'FINANCIAL_AID',
    budgetCents: 4_000_000,
    termIds: [main.past.id],
    startDay: pastStart - 14,
    endDay: pastStart + 21,
    capCents: 60_000,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: cma,
    createdDay: pastStart - 24,
  });
  fund(book, ended, {
    students: rng.sample(
      book.generatedStudents((s) => s.divisionIndex === 0 && s.sectionsByKind.past.length > 0),
      40,
    ),
    amount: (r) => r.pick(AID_AMOUNTS),
    day: pastStart - 21,
    actor: cma,
    chargedAllowances: 15,
    ordersEach: 1,
    refunds: 0,
  });
  book.close(ended);

  const welcome = book.source({
    name: 'Welcome Week $10',
    kind: 'PROMOTION',
    budgetCents: 500 * 1_000,
    termIds: [],
    startDay: start - 7,
    endDay: Math.max(start + 14, today + 14),
    capCents: 1_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    promo: { code: 'WELCOME10', amountCents: 1_000, useLimit: 500 },
    createdBy: cma,
    createdDay: start - 10,
  });
  redeem(
    book,
    welcome,
    rng.sample(
      book.generatedStudents(() => true),
      400,
    ),
    6,
    cma,
  );
  return book.finish();
}

/** Demo store B: one small grant of its own, to show that a store never sees another's funds. */
export function demoStoreBFunding(input: FundingInput): FundingData {
  const book = new FundingBook(input);
  const admin = book.account('admin@bookstore-b.edu');
  const term = input.catalog.termsByDivision[0]?.current;
  if (!term) throw new Error('Funding seed: store B has no division');
  const startDay = term.startDay - 14;
  const grant = book.source({
    name: 'Bookstore B Textbook Grant',
    kind: 'GRANT',
    budgetCents: 300_000,
    termIds: [term.id],
    startDay,
    endDay: Math.max(term.startDay + 21, book.todayDay + 10),
    capCents: 20_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: admin,
    createdDay: startDay - 5,
  });
  fund(book, grant, {
    students: book.rng.sample(
      book.generatedStudents((s) => s.sectionsByKind.current.length > 0),
      10,
    ),
    amount: (r) => r.pick([10_000, 15_000, 20_000]),
    day: startDay - 3,
    actor: admin,
    chargedAllowances: 2,
    ordersEach: 1,
    refunds: 0,
  });
  return book.finish();
}

import {
  formatMoney,
  SPENDING_OF_FULFILLMENT,
  type FundingActivityAction,
  type LedgerKind,
} from '@csp/contracts';
import {
  fundingActivity,
  fundingAllowances,
  fundingLedger,
  fundingSources,
} from '../schema/index.ts';
import { dayNumber, instant } from './dates.ts';
import {
  drawVoucherCode,
  ledgerRow,
  push,
  sourceRow,
  type LedgerExtra,
} from './gen-funding-rows.ts';
import type {
  Allowance,
  FundingData,
  FundingInput,
  ItemRow,
  OrderRow,
  Source,
  SourceSpec,
} from './gen-funding-types.ts';
import type { StudentInfo } from './gen-people.ts';
import type { Rng } from './prng.ts';
import { rngFor } from './store-plan.ts';

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
    this.data.sources.push(sourceRow(id, ctx.plan.locationId, spec, createdAt));
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
      voucherCode: drawVoucherCode(this.rng, this.codes),
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

  private entry(
    allowance: Allowance,
    kind: LedgerKind,
    amountCents: number,
    at: Date,
    actor: number | null,
    extra: LedgerExtra = {},
  ): void {
    if (allowance.balance + amountCents < 0)
      throw new Error(`Funding seed: allowance ${allowance.id} would be overdrawn`);
    allowance.balance += amountCents;
    const { locationId } = this.input.ctx.plan;
    this.data.ledger.push(ledgerRow(locationId, allowance, kind, amountCents, at, actor, extra));
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

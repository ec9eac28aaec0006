import { instant, dayNumber } from './dates.ts';
import type { FundingBook } from './gen-funding-book.ts';
import type { Allowance, Source } from './gen-funding-types.ts';
import type { StudentInfo } from './gen-people.ts';
import type { Rng } from './prng.ts';

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

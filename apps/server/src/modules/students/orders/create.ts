import type { OrderSummary } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Session } from '../../../lib/session.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { chargeOrderFunding } from '../../funding/index.ts';
import { recordStudentActivity } from '../activity-repository.ts';
import { priceOrderDraft, type OrderDraftInput } from './draft.ts';
import { orderFundingInput } from './funding-input.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { findOrderByClientKey, insertOrder, insertOrderItems, lockStudent } from './repository.ts';
import { studentOrderSummary, type OrderAbilities } from './summary.ts';
import type { StudentRow } from '../access/student-repository.ts';

/** createOrder's body: the draft and the client's key for this one submit. */
export type CreateOrderInput = OrderDraftInput & { clientKey: string };

/** The order an earlier submit with this key placed; 409 if it was for another student. */
function replayedOrderId(
  earlier: { id: number; studentId: number; locationId: number },
  student: StudentRow,
): number {
  if (earlier.studentId !== student.id || earlier.locationId !== student.locationId) {
    throw AppError.conflict(M.clientKeyUsed, 'clientKey');
  }
  return earlier.id;
}

/**
 * createOrder: places an AUTOGEN order for the student at the store's prices. In one
 * transaction under the student's row lock (so two orders of one student are placed one after
 * the other, and the second sees what the first bought): the draft is checked and priced,
 * the order, its items and its activity entry are written, and the order is charged to the
 * student's funding as the draft asks (funding/order-funding.ts). The same clientKey from the same
 * account answers the order it placed first, also when the two submits race (the unique index
 * on (created_by, client_key) stops the second insert; the first order is then read).
 */
export async function createOrderFor(
  db: Db,
  session: Session,
  student: StudentRow,
  input: CreateOrderInput,
  now: Date,
  can: OrderAbilities,
  /** The sections within a scoped caller's scope; undefined: all of the student's. */
  sections: ReadonlySet<number> | undefined,
): Promise<OrderSummary> {
  const answer = (orderId: number) =>
    studentOrderSummary(db, student.locationId, student.id, orderId, can);
  const earlier = await findOrderByClientKey(db, session.accountId, input.clientKey);
  if (earlier) return answer(replayedOrderId(earlier, student));

  const today = isoDay(now);
  let orderId: number;
  try {
    // A deadlock's victim has done nothing and is run again (an order's items lock sections).
    orderId = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockStudent(tx, student.id);
        const prior = await findOrderByClientKey(tx, session.accountId, input.clientKey);
        if (prior) return replayedOrderId(prior, student);
        const priced = await priceOrderDraft(tx, student, input, today, sections);
        const id = await insertOrder(tx, {
          locationId: student.locationId,
          studentId: student.id,
          divisionId: priced.divisionId,
          termId: priced.termId,
          orderType: 'AUTOGEN',
          status: 'OPEN',
          createdAt: now,
          updatedAt: now,
          dueAt: priced.dueAt,
          createdBy: session.accountId,
          clientKey: input.clientKey,
          shippingMethod: priced.shippingMethod,
          shippingCents: priced.shippingCents,
          taxCents: priced.taxCents,
        });
        await insertOrderItems(
          tx,
          priced.lines.map((l) => ({
            locationId: student.locationId,
            orderId: id,
            titleId: l.titleId,
            sectionId: l.sectionId,
            fulfillmentType: l.fulfillmentType,
            status: 'PENDING',
            priceCents: l.priceCents,
            savingsCents: Math.max(0, l.listPriceCents - l.priceCents),
          })),
        );
        const funding = await chargeOrderFunding(tx, {
          ...orderFundingInput(student, priced, input, today),
          orderId: id,
          termId: priced.termId,
          actorAccountId: session.accountId,
          now,
        });
        await recordStudentActivity(tx, [
          {
            locationId: student.locationId,
            studentId: student.id,
            actorAccountId: session.accountId,
            action: 'ORDER_CREATED',
            details: {
              orderId: id,
              items: priced.lines.map((l) => ({
                sectionId: l.sectionId,
                titleId: l.titleId,
                fulfillmentType: l.fulfillmentType,
                priceCents: l.priceCents,
              })),
              shippingMethod: priced.shippingMethod,
              totalCents: priced.totalCents,
              fundedCents: funding.fundedCents,
            },
          },
        ]);
        return id;
      }),
    );
  } catch (error) {
    // The same submit placed by another request between our check and our insert.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findOrderByClientKey(db, session.accountId, input.clientKey);
    if (!winner) throw error;
    orderId = replayedOrderId(winner, student);
  }
  return answer(orderId);
}

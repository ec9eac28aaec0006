import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { OrderSummary } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { refundOrderFunding } from '../../funding/index.ts';
import { recordStudentActivity, type StudentActivityAction } from '../activity-repository.ts';
import { ORDER_MESSAGES as M, STATUS_WORDS } from './messages.ts';
import { cancelPendingItems, changeOrderStatus, lockStudentOrder } from './repository.ts';
import { studentOrderSummary, type OrderAbilities } from './summary.ts';
import type { StudentRow } from '../access/student-repository.ts';

export type OrderChange = 'hold' | 'unhold' | 'cancel';

interface LockedOrder {
  id: number;
  status: string;
  hasFulfilledItem: boolean;
}

/**
 * What a change does to an order in `status`: 'done' when the order is already where the change
 * leads (answered as it is: a double click or a retry changes nothing), the move to make, or
 * a 409 the clerk can act on.
 */
function plan(
  change: OrderChange,
  order: LockedOrder,
): 'done' | { from: string; to: string; action: StudentActivityAction } {
  const word = STATUS_WORDS[order.status] ?? order.status;
  switch (change) {
    case 'hold':
      if (order.status === 'ON_HOLD') return 'done';
      if (order.status === 'OPEN') return { from: 'OPEN', to: 'ON_HOLD', action: 'ORDER_HELD' };
      throw AppError.conflict(M.cannotHold(order.id, word), 'orderId');
    case 'unhold':
      if (order.status === 'OPEN') return 'done';
      if (order.status === 'ON_HOLD')
        return { from: 'ON_HOLD', to: 'OPEN', action: 'ORDER_UNHELD' };
      throw AppError.conflict(M.cannotUnhold(order.id, word), 'orderId');
    case 'cancel':
      if (order.status === 'CANCELLED') return 'done';
      if (order.hasFulfilledItem || order.status === 'FULFILLED') {
        throw AppError.conflict(M.handedOver(order.id), 'orderId');
      }
      return { from: order.status, to: 'CANCELLED', action: 'ORDER_CANCELLED' };
  }
}

/**
 * Holds, releases or cancels one of the student's orders. The order's row is locked for the
 * transaction and the update is conditional on the status read, so concurrent changes (two
 * clerks, a double click) apply once and the later one answers the order as it then is.
 * Cancelling also cancels the order's pending items and refunds what funding paid for it (in
 * the same transaction: the order is never cancelled without its refund). Each change writes
 * its activity entry.
 */
export async function changeOrder(
  db: Db,
  session: Session,
  student: StudentRow,
  orderId: number,
  change: OrderChange,
  now: Date,
  can: OrderAbilities,
): Promise<OrderSummary> {
  // A deadlock's victim has done nothing and is run again (its items lock their sections).
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockStudentOrder(tx, student.locationId, student.id, orderId);
      if (!order) throw AppError.notFound(M.orderNotFound(orderId), 'orderId');
      const move = plan(change, order);
      if (move === 'done') return;
      if (!(await changeOrderStatus(tx, order.id, move.from, move.to, now))) return;
      const cancelledItems = change === 'cancel' ? await cancelPendingItems(tx, order.id) : 0;
      const refundedCents =
        change === 'cancel'
          ? await refundOrderFunding(tx, {
              locationId: student.locationId,
              orderId: order.id,
              actorAccountId: session.accountId,
              now,
            })
          : 0;
      await recordStudentActivity(tx, [
        {
          locationId: student.locationId,
          studentId: student.id,
          actorAccountId: session.accountId,
          action: move.action,
          details: {
            orderId: order.id,
            from: move.from,
            to: move.to,
            ...(change === 'cancel' && { cancelledItems }),
            ...(refundedCents > 0 && { refundedCents }),
          },
        },
      ]);
    }),
  );
  return studentOrderSummary(db, student.locationId, student.id, orderId, can);
}

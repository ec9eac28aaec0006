import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelOrder,
  createOrder,
  createOrderPreview,
  getShippingPrices,
  getTransactionHistory,
  holdOrder,
  unholdOrder,
  type ActionName,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { isoDay } from '../../lib/iso-day.ts';
import { requireSession } from '../../lib/request-context.ts';
import { route } from '../../lib/route.ts';
import { grantsOf } from '../permissions/index.ts';
import { createOrderFor } from './order-create.ts';
import { ORDER_MESSAGES as M } from './order-messages.ts';
import { previewOrder } from './order-preview.ts';
import { changeOrder, type OrderChange } from './order-status.ts';
import { orderAbilitiesOf } from './order-summary.ts';
import { shippingPricesOf } from './shipping-prices.ts';
import { requireStudentAction, studentOfStore, studentReader } from './student-access.ts';
import { transactionHistoryOf } from './transaction-history.ts';

const TAGS = ['students'];

/** Autogen orders (shipping prices, preview, create, hold, release, cancel) and the history. */
export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /** The caller once they hold `action` (403 `refusal` otherwise), and their abilities. */
  const holder = async (request: FastifyRequest, action: ActionName, refusal: string) => {
    const session = requireSession(request);
    const grants = await grantsOf(db, request);
    await requireStudentAction(grants, action, refusal);
    return { session, grants, can: await orderAbilitiesOf(grants) };
  };

  route(app, getShippingPrices, { tags: TAGS }, async ({ request }) => {
    const { session } = await studentReader(db, request);
    return shippingPricesOf(db, session.locationId);
  });

  route(app, createOrderPreview, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    const { session, grants } = await holder(request, 'AUTOGEN_CREATE_ORDER', M.mayNotCreate);
    const student = await studentOfStore(db, session, body.customerId);
    const addressVisible = await grants.mayDo('VIEW_STUDENT_ADDRESS');
    return previewOrder(db, student, body, isoDay(deps.now()), addressVisible);
  });

  route(app, createOrder, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
    const { session, can } = await holder(request, 'AUTOGEN_CREATE_ORDER', M.mayNotCreate);
    const student = await studentOfStore(db, session, body.customerId);
    return { order: await createOrderFor(db, session, student, body, deps.now(), can) };
  });

  const changes = [
    [holdOrder, 'hold', 'UNHOLD_ORDERS', M.mayNotHold],
    [unholdOrder, 'unhold', 'UNHOLD_ORDERS', M.mayNotHold],
    [cancelOrder, 'cancel', 'CANCEL_ORDERS', M.mayNotCancel],
  ] as const;
  for (const [contract, change, action, refusal] of changes) {
    route(app, contract, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
      const { session, can } = await holder(request, action, refusal);
      const student = await studentOfStore(db, session, body.customerId);
      const order = await changeOrder(
        db,
        session,
        student,
        body.orderId,
        change satisfies OrderChange,
        deps.now(),
        can,
      );
      return { order };
    });
  }

  route(app, getTransactionHistory, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, can } = await holder(request, 'VIEW_TRANSACTIONS', M.mayNotViewTransactions);
    const student = await studentOfStore(db, session, query.customerId);
    return transactionHistoryOf(db, student, can);
  });
}

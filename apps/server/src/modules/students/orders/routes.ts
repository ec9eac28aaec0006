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
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { createOrderFor } from './create.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { previewOrder } from './preview.ts';
import { changeOrder, type OrderChange } from './status.ts';
import { orderAbilitiesOf } from './summary.ts';
import { shippingPricesOf } from './shipping-prices.ts';
import { requireStudentAction, studentReader, studentScopeOf } from '../access/student-access.ts';
import { transactionHistoryOf } from './transaction-history.ts';

const TAGS = ['students'];

/** Autogen orders (shipping prices, preview, create, hold, release, cancel) and the history. */
export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /**
   * The student `customerId` once the caller holds `action` (403 `refusal` first, before any
   * 404), may look the student up (404) and holds `action` for them (403); and what the caller
   * may see of and do to the student's orders.
   */
  const studentFor = async (
    request: FastifyRequest,
    action: ActionName,
    refusal: string,
    customerId: number,
  ) => {
    const session = request.session;
    const grants = await request.grants;
    await requireStudentAction(grants, action, refusal);
    const student = await studentScopeOf(db, request, grants).open(customerId);
    await student.require(action, refusal);
    return { session, student, can: await orderAbilitiesOf(student) };
  };

  route(app, getShippingPrices, { tags: TAGS }, async ({ request }) => {
    const { session } = await studentReader(db, request);
    return shippingPricesOf(db, session.locationId);
  });

  route(app, createOrderPreview, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    const { student, can } = await studentFor(
      request,
      'AUTOGEN_CREATE_ORDER',
      M.mayNotCreate,
      body.customerId,
    );
    return previewOrder(db, student.row, body, isoDay(deps.now()), {
      address: await student.may('VIEW_STUDENT_ADDRESS'),
      voucherCodes: can.seeVoucherCodes,
      sections: await student.lookupSections(),
    });
  });

  route(app, createOrder, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
    const { session, student, can } = await studentFor(
      request,
      'AUTOGEN_CREATE_ORDER',
      M.mayNotCreate,
      body.customerId,
    );
    const sections = await student.lookupSections();
    return {
      order: await createOrderFor(db, session, student.row, body, deps.now(), can, sections),
    };
  });

  const changes = [
    [holdOrder, 'hold', 'UNHOLD_ORDERS', M.mayNotHold],
    [unholdOrder, 'unhold', 'UNHOLD_ORDERS', M.mayNotHold],
    [cancelOrder, 'cancel', 'CANCEL_ORDERS', M.mayNotCancel],
  ] as const;
  for (const [contract, change, action, refusal] of changes) {
    route(app, contract, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
      const { session, student, can } = await studentFor(request, action, refusal, body.customerId);
      const order = await changeOrder(
        db,
        session,
        student.row,
        body.orderId,
        change satisfies OrderChange,
        deps.now(),
        can,
      );
      return { order };
    });
  }

  route(app, getTransactionHistory, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { student, can } = await studentFor(
      request,
      'VIEW_TRANSACTIONS',
      M.mayNotViewTransactions,
      query.customerId,
    );
    return transactionHistoryOf(db, student.row, can);
  });
}

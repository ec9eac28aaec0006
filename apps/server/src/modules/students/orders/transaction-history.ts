import type { getTransactionHistory } from '@csp/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { studentOrderSummaries, type OrderAbilities } from './summary.ts';
import type { StudentRow } from '../access/student-repository.ts';
import { readStudentRentals, studentOrderTotals } from './transaction-history-repository.ts';

/** The history shows this many of the newest orders and rentals; totals cover them all. */
export const HISTORY_MAX_ORDERS = 100;
export const HISTORY_MAX_RENTALS = 200;

type TransactionHistory = z.output<typeof getTransactionHistory.response>;

/**
 * student/transactionHistory: the student's orders (newest first, with amounts and what the
 * caller may do to each) and rentals, what they spent over orders not cancelled, and savings
 * figures only for holders of VIEW_STUDENT_SAVINGS.
 */
export async function transactionHistoryOf(
  db: Db,
  student: StudentRow,
  can: OrderAbilities,
): Promise<TransactionHistory> {
  const { locationId, id } = student;
  const orders = await studentOrderSummaries(db, locationId, id, can, HISTORY_MAX_ORDERS);
  const rentals = await readStudentRentals(db, locationId, id, HISTORY_MAX_RENTALS);
  const totals = await studentOrderTotals(db, locationId, id);
  return {
    orders,
    rentals: rentals.map((r) => ({
      transItemId: r.id,
      orderId: r.orderId,
      isbn: r.isbn,
      title: r.title,
      serialItemRefNum: r.serialItemRefNum,
      dueDate: r.dueDate,
      state: r.state,
      returnedAt: r.returnedAt?.toISOString() ?? null,
      marketplaceConditionName: r.conditionName,
      trackingNumber: r.trackingNumber,
    })),
    savingsVisible: can.seeSavings,
    totalSpentCents: totals.spentCents,
    totalSavingsCents: can.seeSavings ? totals.savingsCents : null,
  };
}

import { FUNDING_MESSAGES as M, formatMoney } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { recordFundingActivity } from './activity-repository.ts';
import { grantAllowances } from '../allowances/allowance-grants.ts';
import { findPromotion, promotionUses, type PromotionRow } from './order-funding-repository.ts';
import { lockSource, sourceGrantedCents } from '../sources/source-repository.ts';

/** Where an order's request names the code: refusals point the clerk at that field. */
export const PROMOTION_FIELD = 'funding.promotionCode';

export interface PromotionStudent {
  locationId: number;
  studentId: number;
  /** As the store knows it (messages, the activity log). */
  studentIdNum: string;
}

/**
 * The promotion a student may use now, or a 400 naming the code: no promotion of the store with
 * that code open today; used as many times as it may be (its use limit, or its budget spent);
 * or this student used it already. Reads only: the preview shows what it would give, and the
 * order's redemption asks again under the source's lock.
 */
export async function usablePromotion(
  db: Db,
  student: PromotionStudent,
  code: string,
  today: string,
): Promise<PromotionRow> {
  const promotion = await findPromotion(db, student.locationId, code);
  if (!promotion || today < promotion.chargeStartsOn || today > promotion.chargeEndsOn) {
    throw AppError.badRequest(M.unknownPromotionCode(code), PROMOTION_FIELD);
  }
  const { uses, usedByStudent } = await promotionUses(db, promotion.sourceId, student.studentId);
  if (usedByStudent) throw AppError.badRequest(M.promotionAlreadyUsed(code), PROMOTION_FIELD);
  if (uses >= promotion.useLimit)
    throw AppError.badRequest(M.promotionUsedUp(code), PROMOTION_FIELD);
  return promotion;
}

/**
 * Redeems a promotion code for the student in the caller's transaction (an order's): locks the
 * promotion's source (two students redeeming the last use at the same moment queue there, and
 * the second sees the first's allowance), checks it again, and grants the student an allowance
 * of the promotion's amount with its PROMOTION_REDEEMED activity. Answers the new allowance.
 */
export async function redeemPromotion(
  tx: Db,
  student: PromotionStudent,
  code: string,
  options: { today: string; now: Date; actorAccountId: number | null; orderId: number },
): Promise<number> {
  const found = await findPromotion(tx, student.locationId, code);
  if (!found) throw AppError.badRequest(M.unknownPromotionCode(code), PROMOTION_FIELD);
  const source = await lockSource(tx, student.locationId, found.sourceId);
  // Read again under the lock: a use committed while this one waited counts.
  const promotion = await usablePromotion(tx, student, code, options.today);
  const left = (source?.budgetCents ?? 0) - (await sourceGrantedCents(tx, promotion.sourceId));
  const cap = source?.perStudentCapCents ?? null;
  // A promotion whose budget cannot give one more use is used up, whatever its use limit says.
  if (left < promotion.amountCents || (cap !== null && cap < promotion.amountCents)) {
    throw AppError.badRequest(M.promotionUsedUp(code), PROMOTION_FIELD);
  }
  const ids = await grantAllowances(
    tx,
    student.locationId,
    promotion.sourceId,
    [
      {
        studentId: student.studentId,
        studentIdNum: student.studentIdNum,
        amountCents: promotion.amountCents,
        note: `Promotion ${code}`,
      },
    ],
    { actorAccountId: options.actorAccountId, now: options.now, activityPerAllowance: false },
  );
  const allowanceId = ids.get(student.studentId) as number;
  await recordFundingActivity(tx, [
    {
      locationId: student.locationId,
      sourceId: promotion.sourceId,
      allowanceId,
      actorAccountId: options.actorAccountId,
      action: 'PROMOTION_REDEEMED',
      summary: `${code} redeemed by student ${student.studentIdNum}: ${formatMoney(promotion.amountCents)}`,
      details: {
        studentId: student.studentId,
        orderId: options.orderId,
        amountCents: promotion.amountCents,
      },
      at: options.now,
    },
  ]);
  return allowanceId;
}

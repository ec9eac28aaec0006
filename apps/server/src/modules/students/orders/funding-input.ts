import type { planOrderFunding } from '../../funding/index.ts';
import type { OrderDraftInput, PricedOrder } from './draft.ts';
import type { StudentRow } from '../access/student-repository.ts';

/** A priced order as the funding module reads it to split it over the student's allowances. */
export type OrderFundingInput = Parameters<typeof planOrderFunding>[1];

/**
 * The priced draft's lines (their prices, sections' terms and whether each is required for the
 * student's section) and the draft's funding request, for the preview's plan and the charge.
 */
export function orderFundingInput(
  student: StudentRow,
  priced: PricedOrder,
  draft: OrderDraftInput,
  today: string,
): OrderFundingInput {
  return {
    locationId: student.locationId,
    studentId: student.id,
    studentIdNum: student.studentIdNum,
    lines: priced.lines.map((l) => ({
      sectionId: l.sectionId,
      titleId: l.titleId,
      fulfillmentType: l.fulfillmentType,
      priceCents: l.priceCents,
      termId: l.termId,
      required: l.required,
    })),
    totalCents: priced.totalCents,
    request: draft.funding,
    today,
  };
}

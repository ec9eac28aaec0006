import type { OrderPreview } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { planOrderFunding } from '../funding/index.ts';
import { priceOrderDraft, type OrderDraftInput } from './order-draft.ts';
import { orderFundingInput } from './order-funding-input.ts';
import type { StudentRow } from './student-repository.ts';

/**
 * createOrderPreview: the draft checked and priced as createOrder would, nothing written. The
 * address it ships to is shown only to holders of VIEW_STUDENT_ADDRESS (others see null and
 * the shipping method, which says whether it ships). With the draft's funding request, what the
 * student's allowances would pay and what the student pays (no lock, nothing charged).
 */
export async function previewOrder(
  db: Db,
  student: StudentRow,
  draft: OrderDraftInput,
  today: string,
  addressVisible: boolean,
): Promise<OrderPreview> {
  const priced = await priceOrderDraft(db, student, draft, today);
  const funding = await planOrderFunding(db, orderFundingInput(student, priced, draft, today));
  return {
    lines: priced.lines.map((l) => ({
      sectionId: l.sectionId,
      titleId: l.titleId,
      isbn: l.isbn,
      title: l.title,
      fulfillmentType: l.fulfillmentType,
      priceCents: l.priceCents,
    })),
    subtotalCents: priced.subtotalCents,
    taxRateBasisPoints: priced.taxRateBasisPoints,
    taxCents: priced.taxCents,
    shippingMethod: priced.shippingMethod,
    shippingCents: priced.shippingCents,
    totalCents: priced.totalCents,
    shipTo: addressVisible ? priced.shipTo : null,
    funding: funding.split,
  };
}

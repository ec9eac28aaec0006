import type { OrderPreview } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { priceOrderDraft, type OrderDraftInput } from './order-draft.ts';
import type { StudentRow } from './student-repository.ts';

/**
 * createOrderPreview: the draft checked and priced as createOrder would, nothing written. The
 * address it ships to is shown only to holders of VIEW_STUDENT_ADDRESS (others see null and
 * the shipping method, which says whether it ships).
 */
export async function previewOrder(
  db: Db,
  student: StudentRow,
  draft: OrderDraftInput,
  today: string,
  addressVisible: boolean,
): Promise<OrderPreview> {
  const priced = await priceOrderDraft(db, student, draft, today);
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
  };
}

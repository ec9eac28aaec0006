import type { OrderPreview } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { planOrderFunding } from '../../funding/index.ts';
import { priceOrderDraft, type OrderDraftInput } from './draft.ts';
import { orderFundingInput } from './funding-input.ts';
import type { StudentRow } from '../access/student-repository.ts';

/** What of the preview the caller may see, and of which sections they may order. */
export interface PreviewShown {
  /** VIEW_STUDENT_ADDRESS for the student. */
  address: boolean;
  /** The student's funding (MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING for the student). */
  voucherCodes: boolean;
  /** The sections within a scoped caller's scope; undefined: all of the student's. */
  sections: ReadonlySet<number> | undefined;
}

/**
 * createOrderPreview: the draft checked and priced as createOrder would, nothing written. The
 * address it ships to is shown only to holders of VIEW_STUDENT_ADDRESS (others see null and
 * the shipping method, which says whether it ships). With the draft's funding request, what the
 * student's allowances would pay and what the student pays (no lock, nothing charged); the
 * allowances' voucher codes only to those who may see the student's funding.
 */
export async function previewOrder(
  db: Db,
  student: StudentRow,
  draft: OrderDraftInput,
  today: string,
  shown: PreviewShown,
): Promise<OrderPreview> {
  const priced = await priceOrderDraft(db, student, draft, today, shown.sections);
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
    shipTo: shown.address ? priced.shipTo : null,
    funding: {
      ...funding.split,
      lines: funding.split.lines.map((line) => ({
        ...line,
        voucherCode: shown.voucherCodes ? line.voucherCode : null,
      })),
    },
  };
}

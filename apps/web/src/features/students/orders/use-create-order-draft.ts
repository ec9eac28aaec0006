import { NO_CURRENT_ENROLLMENT } from '@csp/contracts';
import { useMaySeeStudentFunding, useStudentFunding } from '../detail/funding-queries.ts';
import { useStudentDetails } from '../detail/student-queries.ts';
import { useOrderPreview, useOrderableItems, useShippingPrices } from './orders-queries.ts';
import {
  buildOrderDraft,
  type DivisionPreferences,
  type OrderSelection,
} from './create-order-draft.ts';
import { useFundingForm, withFunding } from './create-order-funding.ts';

/** The create-order dialog's steps: the materials, the shipping method, the review. */
export type StepIndex = 0 | 1 | 2;

/**
 * What the create-order dialog reads and the order it would place: the orderable items, the
 * shipping methods, the student's preferences and funding, and the draft the server previews.
 */
export function useCreateOrderDraft(
  customerId: number,
  step: StepIndex,
  selection: OrderSelection,
  chosenMethod: string | null,
) {
  const orderable = useOrderableItems(customerId);
  const shipping = useShippingPrices();
  const details = useStudentDetails(customerId);
  const maySeeFunding = useMaySeeStudentFunding();
  const studentFunding = useStudentFunding(customerId, maySeeFunding);
  const fundingForm = useFundingForm();

  const items = orderable.data?.orderableItems ?? [];
  const preferences: DivisionPreferences = Object.fromEntries(
    (details.data?.studentDetail.fulfillmentPreferences ?? [])
      .filter((p) => p.divisionName !== NO_CURRENT_ENROLLMENT)
      .map((p) => [p.divisionName, p.fulfillment]),
  );
  const methods = shipping.data?.shippingPrices ?? [];
  // The student's shipping preference (a friendly name) when it is one of the store's methods,
  // else the first one (pick-up).
  const preferredMethod =
    methods.find((m) => m.name === details.data?.studentDetail.shippingPreference)?.code ??
    methods[0]?.code ??
    null;
  const shippingMethod = chosenMethod ?? preferredMethod;
  // A clerk who may not see the student's funding is offered it whatever it is: the preview
  // says what it pays on this order (the server tells no balance nor voucher code).
  const fundingOffered = maySeeFunding
    ? (studentFunding.data?.allowances.some((allowance) => allowance.usableToday) ?? false)
    : true;
  // Until the funding is known the draft is not complete: priced without it, then again with
  // it, the clerk would see the prices change under them.
  const draft =
    maySeeFunding && studentFunding.isPending
      ? null
      : withFunding(
          buildOrderDraft(customerId, items, selection, shippingMethod, preferences),
          fundingOffered ? fundingForm.request : fundingForm.promotionOnlyRequest,
        );
  const preview = useOrderPreview(step >= 1 ? draft : null);
  // The review's funding section: once the funding is read, or at once for a clerk who may not
  // see it.
  const fundingShown = studentFunding.isSuccess || !maySeeFunding;

  return {
    orderable,
    shipping,
    maySeeFunding,
    studentFunding,
    fundingForm,
    items,
    preferences,
    methods,
    shippingMethod,
    fundingOffered,
    draft,
    preview,
    fundingShown,
  };
}

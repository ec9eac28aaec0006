import Typography from '@mui/material/Typography';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { fundingFieldError, isFundingFieldError } from './create-order-funding.ts';
import { orderErrorMessage } from './create-order-error.ts';
import { CreateOrderFundingSection } from './create-order-funding-section.tsx';
import { CreateOrderItemsStep } from './create-order-items-step.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { CreateOrderReviewStep } from './create-order-review-step.tsx';
import { CreateOrderShippingStep } from './create-order-shipping-step.tsx';
import type { CreateOrderForm } from './use-create-order-form.ts';

/** The dialog's body for where it is: loading, failed, nothing to order, or the current step. */
export function CreateOrderStepContent({ form }: { form: CreateOrderForm }) {
  const { orderable, shipping, items, draft, preview, create } = form;
  if (form.loading) return <PanelLoading what="what the student can order" />;
  if (form.failed) {
    return (
      <PanelError
        what="what the student can order"
        error={form.failed}
        onRetry={() => {
          void orderable.refetch();
          void shipping.refetch();
        }}
      />
    );
  }
  if (form.nothingLeft) return <Typography>{M.nothingLeft}</Typography>;
  if (form.step === 0) {
    return (
      <CreateOrderItemsStep
        items={items}
        selection={form.selection}
        preferences={form.preferences}
        onChange={form.chooseItems}
      />
    );
  }
  if (form.step === 1) {
    return (
      <CreateOrderShippingStep
        methods={form.methods}
        value={form.shippingMethod}
        onChange={form.chooseMethod}
        preview={preview}
        errorMessage={preview.error ? orderErrorMessage(preview.error, draft, items) : null}
      />
    );
  }
  const refusedFunding = isFundingFieldError(preview.error);
  return (
    <CreateOrderReviewStep
      preview={preview}
      methods={form.methods}
      errorMessage={
        preview.error && !refusedFunding ? orderErrorMessage(preview.error, draft, items) : null
      }
      waitingForFunding={refusedFunding}
      showFundedTotals={form.fundingOffered}
      funding={
        form.fundingShown ? (
          <CreateOrderFundingSection
            form={form.fundingForm}
            hasAllowances={form.fundingOffered}
            availableCents={
              form.maySeeFunding ? (form.studentFunding.data?.availableCents ?? 0) : null
            }
            split={preview.data?.funding}
            serverErrors={{
              maxCents:
                fundingFieldError(preview.error, 'maxCents') ??
                fundingFieldError(create.error, 'maxCents'),
              promotionCode:
                fundingFieldError(preview.error, 'promotionCode') ??
                fundingFieldError(create.error, 'promotionCode'),
            }}
            onEdit={() => create.reset()}
          />
        ) : undefined
      }
    />
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { NO_CURRENT_ENROLLMENT, type OrderableItem } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useMaySeeStudentFunding, useStudentFunding } from '../detail/funding-queries.ts';
import { useCreateOrder } from './orders-mutations.ts';
import { useOrderPreview, useOrderableItems, useShippingPrices } from './orders-queries.ts';
import { useStudentDetails } from '../detail/student-queries.ts';
import { newClientKey } from '../../../lib/client-key.ts';
import {
  EMPTY_SELECTION,
  SELECTION_MESSAGES,
  buildOrderDraft,
  itemOfField,
  selectionProblem,
  type DivisionPreferences,
  type OrderSelection,
} from './create-order-draft.ts';
import {
  fundingFieldError,
  isFundingFieldError,
  useFundingForm,
  withFunding,
} from './create-order-funding.ts';
import { CreateOrderFundingSection } from './create-order-funding-section.tsx';
import { CreateOrderItemsStep } from './create-order-items-step.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { CreateOrderReviewStep } from './create-order-review-step.tsx';
import { CreateOrderShippingStep } from './create-order-shipping-step.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';

interface CreateOrderDialogProps {
  customerId: number;
  studentName: string;
  onClose: () => void;
}

type StepIndex = 0 | 1 | 2;

/** The server's message, said about the title or the choice its field names. */
export function orderErrorMessage(
  error: Error,
  draft: Parameters<typeof itemOfField>[0],
  items: readonly OrderableItem[],
): string {
  const field = error instanceof ApiRequestError ? error.field : undefined;
  const item = itemOfField(draft, items, field);
  if (item) return `${item.title}: ${error.message}`;
  if (field === 'shippingMethod') return `Shipping method: ${error.message}`;
  const promotion = fundingFieldError(error, 'promotionCode');
  if (promotion !== null) return `Promotion code: ${promotion}`;
  const max = fundingFieldError(error, 'maxCents');
  if (max !== null) return `Pay at most: ${max}`;
  return error.message;
}

/**
 * Create order in three steps: the materials and how each is had, the shipping method, then the
 * server's preview and 'Place order'. The client key is made once per opening, so a double click
 * or a retry after a lost answer places one order. A refusal keeps the dialog and every choice.
 * A student with funding usable today gets the funding choice in the review: the preview and
 * the order are asked with the same choice, so what is placed is what was shown.
 */
export function CreateOrderDialog({ customerId, studentName, onClose }: CreateOrderDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const notify = useNotify();
  const [clientKey] = useState(newClientKey);
  const [step, setStep] = useState<StepIndex>(0);
  const [selection, setSelection] = useState<OrderSelection>(EMPTY_SELECTION);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const placing = useRef(false);

  const orderable = useOrderableItems(customerId);
  const shipping = useShippingPrices();
  const details = useStudentDetails(customerId);
  const maySeeFunding = useMaySeeStudentFunding();
  const studentFunding = useStudentFunding(customerId, maySeeFunding);
  const fundingForm = useFundingForm();
  const create = useCreateOrder();

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

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // Each new step is announced by its heading and continued from there by the keyboard.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: StepIndex) => {
    setProblem(null);
    create.reset();
    setStep(next);
  };

  const next = () => {
    if (step === 0) {
      const why = selectionProblem(items, selection);
      if (why) return setProblem(why);
      return goTo(1);
    }
    if (step === 1) {
      if (!shippingMethod) return setProblem(SELECTION_MESSAGES.chooseShipping);
      return goTo(2);
    }
  };

  const place = async () => {
    if (!draft || placing.current) return;
    placing.current = true;
    try {
      const { order } = await create.place(draft, clientKey);
      notify({ type: 'success', message: M.placed(order.orderId, studentName) });
      onClose();
    } catch {
      // Shown in the dialog (create.error); the choices stay for a fix or a retry.
    } finally {
      placing.current = false;
    }
  };

  const loading = orderable.isPending || shipping.isPending;
  const failed = orderable.error ?? shipping.error;
  const nothingLeft = orderable.isSuccess && items.length === 0;
  const busy = create.isPending;
  const fundingInvalid = fundingOffered ? fundingForm.invalid : fundingForm.codeError !== null;

  let content;
  if (loading) content = <PanelLoading what="what the student can order" />;
  else if (failed) {
    content = (
      <PanelError
        what="what the student can order"
        error={failed}
        onRetry={() => {
          void orderable.refetch();
          void shipping.refetch();
        }}
      />
    );
  } else if (nothingLeft) content = <Typography>{M.nothingLeft}</Typography>;
  else if (step === 0) {
    content = (
      <CreateOrderItemsStep
        items={items}
        selection={selection}
        preferences={preferences}
        onChange={(s) => {
          setSelection(s);
          setProblem(null);
        }}
      />
    );
  } else if (step === 1) {
    content = (
      <CreateOrderShippingStep
        methods={methods}
        value={shippingMethod}
        onChange={(code) => {
          setChosenMethod(code);
          setProblem(null);
        }}
        preview={preview}
        errorMessage={preview.error ? orderErrorMessage(preview.error, draft, items) : null}
      />
    );
  } else {
    const refusedFunding = isFundingFieldError(preview.error);
    content = (
      <CreateOrderReviewStep
        preview={preview}
        methods={methods}
        errorMessage={
          preview.error && !refusedFunding ? orderErrorMessage(preview.error, draft, items) : null
        }
        waitingForFunding={refusedFunding}
        showFundedTotals={fundingOffered}
        funding={
          fundingShown ? (
            <CreateOrderFundingSection
              form={fundingForm}
              hasAllowances={fundingOffered}
              availableCents={maySeeFunding ? (studentFunding.data?.availableCents ?? 0) : null}
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
  const ready = !loading && !failed && !nothingLeft;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {M.title(studentName)}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        disabled={busy}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {ready && (
          <Stepper activeStep={step} alternativeLabel={phone} sx={{ mb: 2 }}>
            {M.steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {ready && (
          <Typography
            ref={headingRef}
            tabIndex={-1}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 700, mb: 1, '&:focus': { outline: 'none' } }}
          >
            {M.headings[step]}
          </Typography>
        )}
        {content}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {ready && step === 2 && studentFunding.isError && (
          <LoadFailure
            severity="warning"
            sx={{ mt: 2 }}
            onRetry={() => void studentFunding.refetch()}
          >
            {M.fundingUnavailable(studentFunding.error.message)}
          </LoadFailure>
        )}
        {/* A refusal naming a funding field is on that field whenever the funding section is
            shown, allowances or not (a promotion code alone), so it is not said twice. */}
        {create.error && !(fundingShown && isFundingFieldError(create.error)) && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {orderErrorMessage(create.error, draft, items)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          {ready ? 'Cancel' : 'Close'}
        </Button>
        {ready && step > 0 && (
          <Button onClick={() => goTo((step - 1) as StepIndex)} disabled={busy}>
            Back
          </Button>
        )}
        {ready && step < 2 && (
          <Button variant="contained" onClick={next}>
            Next
          </Button>
        )}
        {ready && step === 2 && (
          <Button
            variant="contained"
            onClick={() => void place()}
            disabled={busy || !draft || !preview.isSuccess || fundingInvalid}
          >
            {busy ? M.placing : M.placeOrder}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

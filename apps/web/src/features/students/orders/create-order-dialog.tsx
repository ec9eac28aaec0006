import { useEffect, useId, useRef } from 'react';
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
import { isFundingFieldError } from './create-order-funding.ts';
import { orderErrorMessage } from './create-order-error.ts';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';
import { CreateOrderStepContent } from './create-order-step-content.tsx';
import { useCreateOrderForm, type CreateOrderForm } from './use-create-order-form.ts';
import type { StepIndex } from './use-create-order-draft.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';

export { orderErrorMessage } from './create-order-error.ts';

interface CreateOrderDialogProps {
  customerId: number;
  studentName: string;
  onClose: () => void;
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
  const form = useCreateOrderForm(customerId, studentName, onClose);
  const { step, ready, busy, create, studentFunding } = form;

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
        <CreateOrderStepContent form={form} />
        {form.problem && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {form.problem}
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
        {create.error && !(form.fundingShown && isFundingFieldError(create.error)) && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {orderErrorMessage(create.error, form.draft, form.items)}
          </Alert>
        )}
      </DialogContent>
      <CreateOrderActions form={form} onClose={onClose} />
    </Dialog>
  );
}

/** Cancel (Close when there is nothing to order), Back, and Next or 'Place order'. */
function CreateOrderActions({ form, onClose }: { form: CreateOrderForm; onClose: () => void }) {
  const { step, ready, busy } = form;
  return (
    <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
      <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
        {ready ? 'Cancel' : 'Close'}
      </Button>
      {ready && step > 0 && (
        <Button onClick={() => form.goTo((step - 1) as StepIndex)} disabled={busy}>
          Back
        </Button>
      )}
      {ready && step < 2 && (
        <Button variant="contained" onClick={form.next}>
          Next
        </Button>
      )}
      {ready && step === 2 && (
        <Button
          variant="contained"
          onClick={() => void form.place()}
          disabled={busy || !form.draft || !form.preview.isSuccess || form.fundingInvalid}
        >
          {busy ? M.placing : M.placeOrder}
        </Button>
      )}
    </DialogActions>
  );
}

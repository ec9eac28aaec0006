import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_ALLOWANCE_CENTS, formatMoney, type FundingAllowance } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useSetAllowanceAmount } from '../api/funding-mutations.ts';
import { centsToDollarsText } from '../funding-format.ts';
import { dollars } from '../money-schema.ts';
import { MoneyField } from '../source-form/money-field.tsx';
import { studentName } from './allowance-grid.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';

const amountSchema = z.object({
  amountCents: dollars(MAX_ALLOWANCE_CENTS, 'Enter the amount.'),
  note: z.string().trim().max(200, 'must be at most 200 characters'),
});

/**
 * Sets what a student is allocated: the server writes an adjustment of the difference, and
 * refuses an amount below what the student has spent (its message on the amount).
 */
export function AmountDialog({
  allowance,
  onClose,
}: {
  allowance: FundingAllowance;
  onClose: () => void;
}) {
  const titleId = useId();
  const params = useCallerParams();
  const notify = useNotify();
  const setAmount = useSetAllowanceAmount();
  const sending = useRef(false);
  const form = useForm({
    resolver: zodResolver(amountSchema),
    defaultValues: { amountCents: centsToDollarsText(allowance.allocatedCents), note: '' },
  });
  const { errors } = form.formState;
  const name = studentName(allowance);

  const save = async (values: z.output<typeof amountSchema>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await setAmount.mutateAsync({
        params: { ...params, allowanceId: allowance.allowanceId },
        body: values,
      });
      notify({
        type: 'success',
        message: `${name} is now allocated ${formatMoney(values.amountCents)}.`,
      });
      onClose();
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      form.setError(field === 'note' ? 'note' : field === 'amountCents' ? 'amountCents' : 'root', {
        message: errorMessage(error),
      });
    } finally {
      sending.current = false;
    }
  };

  const busy = form.formState.isSubmitting;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Change the amount for {name}</DialogTitle>
      <DialogContent>
        <form
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void form.handleSubmit(save)(event)}
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Allocated {formatMoney(allowance.allocatedCents)}, spent{' '}
              {formatMoney(allowance.spentCents)}. The amount cannot be less than what is spent.
            </DialogContentText>
            <MoneyField
              label="Allocated amount"
              required
              autoFocus
              error={Boolean(errors.amountCents)}
              helperText={errors.amountCents?.message}
              {...form.register('amountCents')}
            />
            <TextField
              label="Note"
              autoComplete="off"
              error={Boolean(errors.note)}
              helperText={errors.note?.message ?? 'Optional: why it changed.'}
              {...form.register('note')}
            />
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <FormDialogActions
        formId={`${titleId}-form`}
        submitLabel="Save amount"
        busy={busy}
        onClose={onClose}
      />
    </Dialog>
  );
}

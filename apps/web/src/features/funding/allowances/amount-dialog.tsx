import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import DialogContentText from '@mui/material/DialogContentText';
import { MAX_ALLOWANCE_CENTS, formatMoney, type FundingAllowance } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useSetAllowanceAmount } from '../api/funding-mutations.ts';
import { centsToDollarsText } from '../funding-format.ts';
import { dollars } from '../money-schema.ts';
import { MoneyField } from '../source-form/money-field.tsx';
import { studentName } from './allowance-grid.tsx';
import { AllowanceFormDialog } from './allowance-form-dialog.tsx';

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

  return (
    <AllowanceFormDialog
      title={`Change the amount for ${name}`}
      submitLabel="Save amount"
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      note={{
        field: form.register('note'),
        error: errors.note?.message,
        hint: 'Optional: why it changed.',
      }}
      rootError={errors.root?.message}
    >
      <DialogContentText>
        Allocated {formatMoney(allowance.allocatedCents)}, spent {formatMoney(allowance.spentCents)}
        . The amount cannot be less than what is spent.
      </DialogContentText>
      <MoneyField
        label="Allocated amount"
        required
        autoFocus
        error={Boolean(errors.amountCents)}
        helperText={errors.amountCents?.message}
        {...form.register('amountCents')}
      />
    </AllowanceFormDialog>
  );
}

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { MAX_ALLOWANCE_CENTS, formatMoney, type FundingSource } from '@csp/contracts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { newClientKey } from '../../../lib/client-key.ts';
import { useAddAllowance } from '../api/funding-mutations.ts';
import { dollars } from '../money-schema.ts';
import { MoneyField } from '../source-form/money-field.tsx';
import { studentName } from './allowance-grid.tsx';
import { AllowanceFormDialog } from './allowance-form-dialog.tsx';

const addSchema = z.object({
  studentIdNum: z.string().trim().min(1, 'Enter the student ID.').max(50),
  amountCents: dollars(MAX_ALLOWANCE_CENTS, 'Enter the amount.').pipe(
    z.number().min(1, 'must be more than zero'),
  ),
  note: z.string().trim().max(200, 'must be at most 200 characters'),
});

type Field = 'studentIdNum' | 'amountCents' | 'note';
const FIELDS = new Set<string>(['studentIdNum', 'amountCents', 'note']);

/**
 * Gives one student an allowance. The client key is made once per opening, so a double click
 * or a retry after a lost answer adds one allowance; an unknown student, a duplicate or an
 * amount over the cap or the budget is the server's message on its field.
 */
export function AddAllowanceDialog({
  source,
  onClose,
}: {
  source: FundingSource;
  onClose: () => void;
}) {
  const params = useCallerParams();
  const notify = useNotify();
  const add = useAddAllowance();
  const [clientKey] = useState(newClientKey);
  const sending = useRef(false);
  const form = useForm({
    resolver: zodResolver(addSchema),
    defaultValues: { studentIdNum: '', amountCents: '', note: '' },
  });
  const { errors } = form.formState;

  const save = async (values: z.output<typeof addSchema>) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const added = await add.mutateAsync({
        params: { ...params, sourceId: source.sourceId },
        body: { ...values, clientKey },
      });
      notify({
        type: 'success',
        message: `${studentName(added)} has an allowance of ${formatMoney(added.allocatedCents)} (voucher ${added.voucherCode}).`,
      });
      onClose();
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      const target: Field | 'root' = field && FIELDS.has(field) ? (field as Field) : 'root';
      form.setError(target, { message: errorMessage(error) }, { shouldFocus: target !== 'root' });
    } finally {
      sending.current = false;
    }
  };

  return (
    <AllowanceFormDialog
      title="Add an allowance"
      submitLabel="Add allowance"
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      note={{ field: form.register('note'), error: errors.note?.message, hint: 'Optional.' }}
      rootError={errors.root?.message}
    >
      <TextField
        label="Student ID"
        required
        autoFocus
        autoComplete="off"
        error={Boolean(errors.studentIdNum)}
        helperText={errors.studentIdNum?.message}
        {...form.register('studentIdNum')}
      />
      <MoneyField
        label="Amount"
        required
        error={Boolean(errors.amountCents)}
        helperText={
          errors.amountCents?.message ??
          (source.perStudentCapCents !== null
            ? `At most ${formatMoney(source.perStudentCapCents)} a student.`
            : undefined)
        }
        {...form.register('amountCents')}
      />
    </AllowanceFormDialog>
  );
}

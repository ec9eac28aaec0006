import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { IaTerm } from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useSetIaTermDates } from '../api/program-queries.ts';
import { PROGRAM_TEXT as T } from './program-text.ts';

const day = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, T.dayRequired);
const datesSchema = z.object({ optOutDeadline: day, refundUntil: day });
type DatesValues = z.infer<typeof datesSchema>;
type DateField = keyof DatesValues;

/** The server's words for a field it names ("refundUntil: must be…"), as a sentence. */
function fieldError(error: unknown): { field: DateField; message: string } | null {
  if (!(error instanceof ApiRequestError)) return null;
  const field = error.field;
  if (field !== 'optOutDeadline' && field !== 'refundUntil') return null;
  const words = error.message.replace(`${field}: `, '');
  return { field, message: words.charAt(0).toUpperCase() + words.slice(1) };
}

/**
 * A term's opt-out deadline and refund window as a dialog form. An empty field is null (no
 * deadline, no refunds); the server's refusals naming a field are shown under it.
 */
export function TermDatesDialog({ term, onClose }: { term: IaTerm; onClose: () => void }) {
  const formId = useId();
  const { save, saving } = useSetIaTermDates(term.termId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DatesValues>({
    resolver: zodResolver(datesSchema),
    defaultValues: {
      optOutDeadline: term.optOutDeadline ?? '',
      refundUntil: term.refundUntil ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save({
        optOutDeadline: values.optOutDeadline || null,
        refundUntil: values.refundUntil || null,
      });
      onClose();
    } catch (error) {
      const named = fieldError(error);
      if (named) form.setError(named.field, { message: named.message }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });
  const lastDay = formatDisplayDate(term.endDate);

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {T.datesTitle}: {term.termName}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => void submit(event)}
        >
          <TextField
            type="date"
            label={T.deadlineLabel}
            error={Boolean(errors.optOutDeadline)}
            helperText={
              errors.optOutDeadline?.message ?? `${T.deadlineHelp} On or before ${lastDay}.`
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: term.endDate } }}
            {...form.register('optOutDeadline')}
          />
          <TextField
            type="date"
            label={T.refundLabel}
            error={Boolean(errors.refundUntil)}
            helperText={errors.refundUntil?.message ?? T.refundHelp}
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.register('refundUntil')}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <FormDialogActions formId={formId} submitLabel={T.save} busy={saving} onClose={onClose} />
    </Dialog>
  );
}

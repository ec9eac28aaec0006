import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { updateTitleKind, type TitleDTO } from '@csp/contracts';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { twoColumns } from '../../../components/two-columns.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useRefreshCourse } from '../course-detail/course-detail-queries.ts';
import { MaterialKindField } from './material-kind-field.tsx';
import {
  FORM_FIELD_OF,
  titleFormDefaults,
  titleFormSchema,
  type TitleFormOutput,
  type TitleFormValues,
} from './title-form-schema.ts';

const PRICE_FIELDS = [
  ['newPrice', 'New price'],
  ['usedPrice', 'Used price'],
  ['rentalPrice', 'Rental price'],
  ['digitalPrice', 'Digital price'],
] as const;

/**
 * Edit title (issue 31): the course materials team sets what a title is for what a student pays
 * (its kind, an OER's licence and address, a library e-book's link) and its price by each way
 * the store offers it. Every adoption that kept the title's kind follows the change.
 */
export function EditTitleDialog({ title, onClose }: { title: TitleDTO; onClose: () => void }) {
  const titleId = useId();
  const formId = `${titleId}-form`;
  const params = useCallerParams();
  const notify = useNotify();
  const refresh = useRefreshCourse();
  const update = useContractMutation(updateTitleKind, { onSuccess: refresh });
  const sending = useRef(false);
  const form = useForm<TitleFormValues, unknown, TitleFormOutput>({
    resolver: zodResolver(titleFormSchema(title.id)),
    defaultValues: titleFormDefaults(title),
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'materialKind' });
  const needsAddress = kind === 'OER' || kind === 'LIBRARY_LICENSED';

  const save = async (body: TitleFormOutput) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await update.mutateAsync({ params, body });
      notify({ type: 'success', message: `${title.description} is saved.` });
      onClose();
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.field : undefined;
      form.setError((field && FORM_FIELD_OF[field]) || 'root', { message: errorMessage(error) });
    } finally {
      sending.current = false;
    }
  };

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Edit title</DialogTitle>
      <DialogContent>
        <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
              {title.description} ({title.formattedEan13}). Its adoptions follow the kind set here
              unless the adopter chose another.
            </DialogContentText>
            <MaterialKindField control={form.control} name="materialKind" />
            <TextField
              label="Licence"
              required={kind === 'OER'}
              autoComplete="off"
              error={Boolean(errors.licence)}
              helperText={
                errors.licence?.message ?? 'For an open educational resource, e.g. CC BY 4.0.'
              }
              {...form.register('licence')}
            />
            <TextField
              label="Access address"
              required={needsAddress}
              type="url"
              autoComplete="off"
              error={Boolean(errors.accessUrl)}
              helperText={
                errors.accessUrl?.message ??
                "Where students read it: the resource's page, or the library's link."
              }
              {...form.register('accessUrl')}
            />
            <Box sx={twoColumns('sm')}>
              {PRICE_FIELDS.map(([name, label]) => (
                <TextField
                  key={name}
                  label={label}
                  autoComplete="off"
                  error={Boolean(errors[name])}
                  helperText={errors[name]?.message ?? 'Empty: not offered this way.'}
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                    htmlInput: { inputMode: 'decimal' },
                  }}
                  {...form.register(name)}
                />
              ))}
            </Box>
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <FormDialogActions
        formId={formId}
        submitLabel="Save title"
        busy={isSubmitting}
        onClose={onClose}
      />
    </Dialog>
  );
}

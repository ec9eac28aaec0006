import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';

interface AllowanceFormDialogProps {
  title: string;
  submitLabel: string;
  /** The form is being sent: Escape and the buttons wait. */
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The allowance's fields above the note. */
  children: ReactNode;
  /** The note every allowance change may carry: its field, its error, its hint. */
  note: { field: UseFormRegisterReturn<'note'>; error?: string; hint: string };
  /** A failure that is of no field, under the fields. */
  rootError?: string;
}

/** The dialog of an allowance form (adding one, changing its amount): fields, a note, Cancel. */
export function AllowanceFormDialog(props: AllowanceFormDialogProps) {
  const titleId = useId();
  const formId = `${titleId}-form`;
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <form id={formId} noValidate onSubmit={props.onSubmit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
            <TextField
              label="Note"
              autoComplete="off"
              error={props.note.error !== undefined}
              helperText={props.note.error ?? props.note.hint}
              {...props.note.field}
            />
            {props.rootError !== undefined && <Alert severity="error">{props.rootError}</Alert>}
          </Stack>
        </form>
      </DialogContent>
      <FormDialogActions
        formId={formId}
        submitLabel={props.submitLabel}
        busy={props.busy}
        onClose={props.onClose}
      />
    </Dialog>
  );
}

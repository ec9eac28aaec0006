import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** A form dialog's Cancel and submit buttons; the submit button sends the form named `formId`. */
export function FormDialogActions({
  formId,
  submitLabel,
  busy,
  onClose,
}: {
  formId: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="contained" disabled={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

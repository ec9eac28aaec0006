import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/**
 * A form dialog's Cancel and submit buttons. The submit button sends the form named `formId`,
 * or the form the buttons stand in when there is none.
 */
export function FormDialogActions({
  formId,
  submitLabel,
  busy = false,
  onClose,
}: {
  formId?: string;
  submitLabel: string;
  busy?: boolean;
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

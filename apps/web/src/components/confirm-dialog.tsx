import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question as one paragraph of text. */
  message?: ReactNode;
  /** Instead of `message`: the question, and anything the answer needs (such as which section). */
  children?: ReactNode;
  /** Shown under the message, such as why the change failed. */
  alert?: ReactNode;
  confirmLabel: string;
  /** The button that answers no; 'Cancel' unless the change is itself a cancelling. */
  cancelLabel?: string;
  /** The confirm button's text while the change is under way; 'Working…' unless said. */
  busyLabel?: string;
  /**
   * A change that cannot be taken back (a removal, an e-mail sent): the confirm button is red and
   * does not take the focus, so Enter cannot make it by accident. Otherwise it takes the focus.
   */
  danger?: boolean;
  /** The change is under way: the buttons wait and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Called once the dialog has faded out, to forget what it asked about. */
  onExited?: () => void;
}

/** The one yes/no question before a change; Escape or Cancel answers no and focus returns. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={props.onExited ? { transition: { onExited: props.onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.message === undefined ? (
        <DialogContent id={textId}>{props.children}</DialogContent>
      ) : (
        <DialogContent>
          <DialogContentText id={textId}>{props.message}</DialogContentText>
          {props.alert}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          onClick={props.onConfirm}
          variant="contained"
          color={props.danger ? 'error' : undefined}
          autoFocus={!props.danger}
          disabled={props.busy}
        >
          {props.busy ? (props.busyLabel ?? 'Working…') : props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

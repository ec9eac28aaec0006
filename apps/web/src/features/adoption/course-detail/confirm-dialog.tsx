import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, and anything the answer needs (such as which section). */
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Called once the dialog has faded out, to forget what it asked about. */
  onExited?: () => void;
}

/**
 * A yes/no question before a change that cannot simply be undone here; Escape or Cancel answers
 * no and focus returns where it was. (The permissions screen has the same idea; areas do not
 * share components, so this is this area's own.)
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onExited: props.onExited } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent id={textId}>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button onClick={props.onConfirm} variant="contained" color="error" disabled={props.busy}>
          {props.busy ? 'Working…' : props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

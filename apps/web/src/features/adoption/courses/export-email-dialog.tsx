import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { z } from 'zod';
import { COURSE_LIST_MESSAGES } from './course-list-messages.ts';

interface ExportEmailDialogProps {
  onSend: (address: string) => void;
  onClose: () => void;
}

// The same rule as the server's overrideEmail, so a refused address is caught before sending.
const emailAddress = z.string().trim().max(254).email();

/** Mounted only while open, so each opening starts empty. */
export function ExportEmailDialog({ onSend, onClose }: ExportEmailDialogProps) {
  const titleId = useId();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailAddress.safeParse(address);
    if (!parsed.success) {
      setError(COURSE_LIST_MESSAGES.badEmail);
      return;
    }
    onSend(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>E-mail the export</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            The workbook of every course in the current list goes to this address: an account of
            this store, or an address at one of its domains.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            margin="dense"
            label="E-mail address"
            autoComplete="email"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            // Said as soon as it appears: focus stays on Send when the address is refused.
            slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
          />
        </DialogContent>
        <FormDialogActions submitLabel="Send" onClose={onClose} />
      </form>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { SEARCH_COPY, searchTarget } from './mobile-search.ts';
import type { SearchKind } from './mobile-search.ts';

interface MobileSearchDialogProps {
  kind: SearchKind;
  onClose: () => void;
}

/** Mounted only while open, so every opening starts with an empty field. */
export function MobileSearchDialog({ kind, onClose }: MobileSearchDialogProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const copy = SEARCH_COPY[kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Enter something to search for.');
      return;
    }
    onClose();
    void navigate(searchTarget(kind, text));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{copy.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="search"
            margin="dense"
            label={copy.label}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <FormDialogActions submitLabel="Search" onClose={onClose} />
      </form>
    </Dialog>
  );
}

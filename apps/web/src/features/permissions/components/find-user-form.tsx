import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PERMISSION_MESSAGES } from '../permission-messages.ts';

interface FindUserFormProps {
  /** The user in the URL (`?q=`), shown in the field. */
  initial: string;
  onFind: (username: string) => void;
  /** The 'My Permissions' shortcut: look up the signed-in user. */
  onMine: () => void;
}

/** Find a user by e-mail address (docs/behaviour/routes-and-guard.md, docs/behaviour/validation.md). */
export function FindUserForm({ initial, onFind, onMine }: FindUserFormProps) {
  const [value, setValue] = useState(initial);
  // A new `?q=` (My Permissions, back/forward) replaces what was typed.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setValue(initial);
  }
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const username = value.trim();
    if (!username) {
      setError(PERMISSION_MESSAGES.findEmailRequired);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    onFind(username);
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find a user"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label="User email address"
        type="email"
        autoComplete="off"
        inputRef={inputRef}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        sx={{ flex: 1, maxWidth: { sm: 420 } }}
      />
      <Button type="submit" variant="contained" sx={{ minHeight: 56 }}>
        Find User
      </Button>
      <Button
        variant="outlined"
        sx={{ minHeight: 56 }}
        onClick={() => {
          setError(null);
          onMine();
        }}
      >
        My Permissions
      </Button>
    </Stack>
  );
}

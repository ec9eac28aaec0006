import { useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { STUDENT_SEARCH_MAX_LENGTH, cleanStudentSearch } from '@csp/contracts';
import { useFieldText } from '../../../components/list/use-field-text.ts';
import { MIN_SEARCH_LENGTH } from './student-search-query.ts';
import { STUDENT_SEARCH_MESSAGES as M } from './student-search-messages.ts';

interface StudentSearchFormProps {
  /** The search in the URL; the field follows it when it changes from elsewhere. */
  value: string;
  onSearch: (text: string) => void;
  /** ArrowDown in the field moves to the results. */
  onArrowDown: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * One field for a name or a student ID. It applies on Enter or Search (a scanner types the ID
 * and presses Enter), not per keystroke, so each search is one request and one history entry.
 */
export function StudentSearchForm({
  value,
  onSearch,
  onArrowDown,
  inputRef,
}: StudentSearchFormProps) {
  const [text, setText] = useFieldText(value);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanStudentSearch(text);
    if (cleaned.length < MIN_SEARCH_LENGTH) {
      setError(M.tooShort);
      return;
    }
    setError(null);
    onSearch(cleaned);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onArrowDown();
    }
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Students"
      onSubmit={submit}
      noValidate
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        type="search"
        fullWidth
        autoFocus
        label={M.fieldLabel}
        value={text}
        inputRef={inputRef}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={error !== null}
        helperText={error ?? M.hint}
        slotProps={{
          htmlInput: {
            maxLength: STUDENT_SEARCH_MAX_LENGTH,
            autoComplete: 'off',
            spellCheck: false,
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<SearchIcon />}
        sx={{ flexShrink: 0, minHeight: 56 }}
      >
        Search
      </Button>
    </Stack>
  );
}

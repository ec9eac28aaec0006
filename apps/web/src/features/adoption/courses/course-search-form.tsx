import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFieldText } from '../../../components/list/use-field-text.ts';
import { normaliseSearchString } from '../../../lib/search-string.ts';

interface CourseSearchFormProps {
  /** The search in the URL; the field follows it when it changes from elsewhere. */
  value: string;
  onSearch: (text: string) => void;
}

/**
 * The course search (docs/behaviour/routes-and-guard.md: by code or by words of the name). It applies on Search or Enter,
 * not per keystroke, so each search is one history entry and one request.
 */
export function CourseSearchForm({ value, onSearch }: CourseSearchFormProps) {
  const [text, setText] = useFieldText(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(normaliseSearchString(text));
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Courses"
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        label="Search courses by code or name"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, minHeight: 40 }}>
        Search
      </Button>
      {value && (
        <Button
          type="button"
          sx={{ flexShrink: 0, minHeight: 40 }}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Clear
        </Button>
      )}
    </Stack>
  );
}

import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** Typing settles for this long before it becomes a request (one per pause, not per key). */
export const TYPING_DEBOUNCE_MS = 300;

/**
 * A search box that hands on what it holds (trimmed) once typing pauses: one request per pause,
 * not per key. The typing stays in here, so a list beside it does not re-render on every key.
 * `value` is the search in force (in the URL): the box opens with it and follows it when it
 * changes from elsewhere (Back, a link), as the research list's search box does.
 */
export function SearchField({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The last search this box sent. The URL catching up with it (the router may apply it after
  // further keystrokes) must not put the text back to it and drop what was typed since.
  const [sent, setSent] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value !== sent) {
      setSent(value);
      if (text.trim() !== value) setText(value);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search in force when the timer fires: typing back to it sends nothing.
  const applied = useRef(value);
  useEffect(() => {
    applied.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const search = next.trim();
      if (search === applied.current) return;
      setSent(search);
      onSearch(search);
    }, TYPING_DEBOUNCE_MS);
  };

  return (
    <TextField
      type="search"
      label={label}
      size="small"
      value={text}
      onChange={(event) => change(event.target.value)}
      autoComplete="off"
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

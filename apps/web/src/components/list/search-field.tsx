import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { TYPING_DEBOUNCE_MS } from './use-debounced.ts';

interface SearchFieldProps {
  label: string;
  /** The search in force (in the URL): the box opens with it and follows it from elsewhere. */
  value: string;
  /** Called once typing pauses, with the text as it will be searched. */
  onSearch: (search: string) => void;
  /** The text as it is searched (trimmed by default). */
  normalise?: (text: string) => string;
  /** Fills its column (a filter panel); otherwise a box of its own width beside a list. */
  fullWidth?: boolean;
}

const trim = (text: string) => text.trim();

/**
 * A list's search box, searched as the user types: a pause of 300 ms sends it (a fast typist
 * makes one request, not one per key), and the list's own cancellation drops any request still
 * on its way for older text. The typing stays in here, so the list beside it does not re-render
 * on every key. Back, "Clear filters" or a link changing `value` replaces the text.
 */
export function SearchField({
  label,
  value,
  onSearch,
  normalise = trim,
  fullWidth,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The last search this box sent. The URL catching up with it (the router may apply it after
  // further keystrokes) must not put the text back to it and drop what was typed since.
  const [sent, setSent] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value !== sent) {
      setSent(value);
      if (normalise(text) !== value) setText(value);
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
      const search = normalise(next);
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
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { maxLength: 100, autoComplete: 'off', spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

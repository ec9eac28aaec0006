import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { normaliseSearchString } from '../../../lib/search-string.ts';
import { RESEARCH_MESSAGES } from './research-messages.ts';
import { TYPING_DEBOUNCE_MS } from './use-debounced.ts';

interface SectionSearchFieldProps {
  /** The search in the URL; the field follows it when it changes from elsewhere. */
  value: string;
  /** Called once typing pauses, with the text as it will be searched. */
  onSearch: (q: string) => void;
}

/**
 * Free text on course code, course name or section code, searched as the user types: a pause
 * of 300 ms sends it (a fast typist makes one request, not one per key), and the list's own
 * cancellation drops any request still on its way for older text.
 */
export function SectionSearchField({ value, onSearch }: SectionSearchFieldProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The last search this field sent. The URL catching up with it (the router may apply it
  // after further keystrokes) must not put the text back to it and drop what was typed since.
  const [sent, setSent] = useState(value);
  // A new URL from elsewhere (Back, "Clear filters", a link) replaces the text.
  if (shownValue !== value) {
    setShownValue(value);
    if (value !== sent) {
      setSent(value);
      if (normaliseSearchString(text) !== value) setText(value);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search applied now, read when the timer fires (typing back to it changes nothing).
  const applied = useRef(value);
  useEffect(() => {
    applied.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = normaliseSearchString(next);
      if (q === applied.current) return;
      setSent(q);
      onSearch(q);
    }, TYPING_DEBOUNCE_MS);
  };

  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      label={RESEARCH_MESSAGES.searchLabel}
      value={text}
      onChange={(event) => change(event.target.value)}
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

import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** Typing settles for this long before it becomes a request (one per pause, not per key). */
export const TYPING_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay = TYPING_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A search box that hands on what it holds (trimmed) once typing pauses: one request per pause,
 * not per key. The typing stays in here, so a list beside it does not re-render on every key.
 */
export function SearchField({
  label,
  onSearch,
}: {
  label: string;
  onSearch: (search: string) => void;
}) {
  const [value, setValue] = useState('');
  const settled = useDebounced(value.trim());
  useEffect(() => onSearch(settled), [settled, onSearch]);
  return (
    <TextField
      type="search"
      label={label}
      size="small"
      value={value}
      onChange={(event) => setValue(event.target.value)}
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

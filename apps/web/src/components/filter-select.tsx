import TextField from '@mui/material/TextField';
import { errorMessage } from '../lib/api-client.ts';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The state of the query that fills the options, when there is one. */
  source?: { isLoading: boolean; error: unknown };
}

/**
 * A native select: the phone's own picker on phones, and fully keyboard and screen reader
 * usable everywhere. A value the options do not hold yet (a linked division while the list
 * loads) is kept as an option, so the field never shows something other than the filter.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  source,
}: FilterSelectProps) {
  const loading = source?.isLoading ?? false;
  const error = source?.error ?? null;
  const known = options.some((option) => option.value === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || loading}
      error={Boolean(error)}
      helperText={error ? errorMessage(error) : undefined}
      // Shrunk always: an empty value still shows its option's words ('All departments').
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {!known && <option value={value}>{loading ? 'Loading…' : value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

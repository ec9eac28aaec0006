import TextField from '@mui/material/TextField';
import type { FilterOption } from '../../../components/filter-select.tsx';

interface ChoiceSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Why the choice cannot be sent, shown under the field. */
  error?: string;
  helperText?: string;
}

/**
 * A required choice of a form: the native select (the phone's own picker) with its problem
 * under it. FilterSelect is for filters, which have no wrong value.
 */
export function ChoiceSelect({ label, value, options, onChange, disabled, error, helperText }: ChoiceSelectProps) {
  return (
    <TextField
      select
      fullWidth
      required
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

export interface NativeSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  /** Options before the listed ones (such as the value while the list loads). */
  children?: ReactNode;
}

/**
 * A native select: the phone's own picker on phones, and fully keyboard and screen reader
 * usable everywhere. The filters' and the forms' selects are this one field.
 */
export function NativeSelect(props: NativeSelectProps) {
  return (
    <TextField
      select
      fullWidth
      required={props.required}
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      // Shrunk always: an empty value still shows its option's words ('All departments').
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {props.children}
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** What every select of the app is given: its label, value, options and whether it is usable. */
export type SelectFieldProps = Pick<
  NativeSelectProps,
  'label' | 'value' | 'options' | 'onChange' | 'disabled'
>;

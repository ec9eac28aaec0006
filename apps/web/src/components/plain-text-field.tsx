import { useId, type Ref } from 'react';
import type { ChangeHandler } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface PlainTextFieldProps {
  label: string;
  name: string;
  onChange: ChangeHandler;
  onBlur: ChangeHandler;
  ref: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: string | undefined;
}

/**
 * An outlined text field for a react-hook-form `register`, drawn as MUI's TextField draws it,
 * without TextField's select mode: TextField imports Select, Menu and Popover on every page
 * that shows one, and the sign-in page is the first page most visitors load (docs/benchmarks.md).
 */
export function PlainTextField({
  label,
  ref,
  required,
  fullWidth,
  error,
  helperText,
  ...input
}: PlainTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" required={required} fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        inputRef={ref}
        // The notch in the outline is as wide as the label (OutlinedInput adds the asterisk).
        label={label}
        aria-describedby={helperId}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

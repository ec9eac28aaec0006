import { forwardRef } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** An amount in dollars (sent as cents): a "$" before it and the number keyboard on phones. */
export const MoneyField = forwardRef<HTMLInputElement, TextFieldProps>(function MoneyField(
  { slotProps, ...props },
  ref,
) {
  return (
    <TextField
      {...props}
      inputRef={ref}
      autoComplete="off"
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
});

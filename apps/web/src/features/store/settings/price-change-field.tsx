import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { twoColumns } from '../../../components/two-columns.ts';

/**
 * The price change that flags a title adopted again or carried forward (issue 30, point 5), in
 * whole percent; on a row of its own so its hint has room.
 */
export function PriceChangeField({
  register,
  error,
}: {
  register: (name: 'priceChangePercent') => UseFormRegisterReturn<'priceChangePercent'>;
  error: FieldError | undefined;
}) {
  return (
    <Box sx={twoColumns('sm')}>
      <TextField
        label="Price change to flag"
        required
        autoComplete="off"
        error={Boolean(error)}
        helperText={
          error?.message ??
          'A title adopted again or carried forward is flagged when its distributor price moved by more than this, 1 to 100 percent.'
        }
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          htmlInput: { inputMode: 'numeric' },
        }}
        {...register('priceChangePercent')}
      />
    </Box>
  );
}

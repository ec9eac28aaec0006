import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { twoColumns } from '../../../components/two-columns.ts';
import type { StoreSectionInput, StoreSectionOutput } from './store-section-schema.ts';

const LIBRARY_HINT_ID = 'store-library-licensed-hint';
const dollars = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/**
 * Cost transparency (issue 31): the low-cost threshold and the cost gap, typed in dollars and
 * saved as cents, and whether a library-licensed e-book counts as costing nothing.
 */
export function CostSettingsFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<StoreSectionInput>;
  control: Control<StoreSectionInput, unknown, StoreSectionOutput>;
  errors: FieldErrors<StoreSectionInput>;
}) {
  return (
    <>
      <Box sx={twoColumns('sm')}>
        <TextField
          label="Low-cost threshold"
          required
          autoComplete="off"
          error={Boolean(errors.ltcThresholdCents)}
          helperText={
            errors.ltcThresholdCents?.message ??
            'A section whose required materials cost at most this at the cheapest is low textbook cost.'
          }
          slotProps={dollars}
          {...register('ltcThresholdCents')}
        />
        <TextField
          label="Cost gap to flag"
          required
          autoComplete="off"
          error={Boolean(errors.costGapThresholdCents)}
          helperText={
            errors.costGapThresholdCents?.message ??
            'Sections of one course whose required materials differ in cost by more than this are flagged.'
          }
          slotProps={dollars}
          {...register('costGapThresholdCents')}
        />
      </Box>
      <Controller
        control={control}
        name="libraryLicensedIsZero"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': LIBRARY_HINT_ID } }}
                />
              }
              label="Library-licensed e-books cost students nothing"
            />
            <FormHelperText id={LIBRARY_HINT_ID} sx={{ mt: 0 }}>
              When off, a library-licensed e-book is priced like a bought one in section costs.
            </FormHelperText>
          </div>
        )}
      />
    </>
  );
}

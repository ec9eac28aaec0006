import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FUNDING_KINDS, FUNDING_KIND_LABELS, type FundingSource } from '@csp/contracts';
import { ScopeField, SpendingField, UnspentPolicyField } from './choice-fields.tsx';
import { MoneyField } from './money-field.tsx';
import type { SourceFormOutput, SourceFormValues } from './source-form-schema.ts';
import { TermPicker } from './term-picker.tsx';
import { twoColumns } from '../../../components/two-columns.ts';

type Form = UseFormReturn<SourceFormValues, unknown, SourceFormOutput>;

/** Every field of a source; the promotion's only for a promotion. */
export function SourceFormFields({ form, source }: { form: Form; source?: FundingSource }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label="Name"
        required
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        {...register('name')}
      />
      <Box sx={twoColumns('sm')}>
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Kind"
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {FUNDING_KINDS.map((value) => (
                <MenuItem key={value} value={value}>
                  {FUNDING_KIND_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <MoneyField
          label="Budget"
          required
          error={Boolean(errors.budgetCents)}
          helperText={errors.budgetCents?.message ?? 'In dollars, e.g. 60000.00'}
          {...register('budgetCents')}
        />
      </Box>
      <TermPicker control={control} source={source} />
      <Box sx={twoColumns('sm')}>
        <TextField
          type="date"
          label="Charges from"
          required
          error={Boolean(errors.chargeStartsOn)}
          helperText={errors.chargeStartsOn?.message ?? 'The first day orders may use it.'}
          slotProps={{ inputLabel: { shrink: true } }}
          {...register('chargeStartsOn')}
        />
        <TextField
          type="date"
          label="Charges until"
          required
          error={Boolean(errors.chargeEndsOn)}
          helperText={errors.chargeEndsOn?.message ?? 'The last day, included.'}
          slotProps={{ inputLabel: { shrink: true } }}
          {...register('chargeEndsOn')}
        />
      </Box>
      <MoneyField
        label="Most one student may get"
        error={Boolean(errors.perStudentCapCents)}
        helperText={errors.perStudentCapCents?.message ?? 'Optional: leave empty for no cap.'}
        {...register('perStudentCapCents')}
      />
      <ScopeField control={control} />
      <SpendingField control={control} />
      <UnspentPolicyField control={control} />
      {kind === 'PROMOTION' && (
        <Paper component="fieldset" variant="outlined" sx={{ p: 2, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            Promotion
          </Typography>
          <Stack spacing={2}>
            <TextField
              label="Shared code"
              required
              autoComplete="off"
              error={Boolean(errors.promotion?.code)}
              helperText={
                errors.promotion?.code?.message ??
                '3 to 30 letters, digits or hyphens, e.g. FALL-25.'
              }
              {...register('promotion.code')}
            />
            <Box sx={twoColumns('sm')}>
              <MoneyField
                label="Amount of each use"
                required
                error={Boolean(errors.promotion?.amountCents)}
                helperText={errors.promotion?.amountCents?.message}
                {...register('promotion.amountCents')}
              />
              <TextField
                label="Use limit"
                required
                autoComplete="off"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                error={Boolean(errors.promotion?.useLimit)}
                helperText={
                  errors.promotion?.useLimit?.message ?? 'How many students may use the code.'
                }
                {...register('promotion.useLimit')}
              />
            </Box>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import { DateField } from '../../../components/list/date-range.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { twoColumns } from '../../../components/two-columns.ts';

interface DateFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  required?: boolean;
  min?: string | null;
  hint?: string;
}

/** A date (the browser's date picker, sent as YYYY-MM-DD); its error or hint below it. */
function FormDateField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  required,
  min,
  hint,
}: DateFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      label={label}
      required={required}
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
      slotProps={{ htmlInput: { min: min ?? undefined } }}
    />
  );
}

/**
 * The start date (on or after `minStartDate`, docs/behaviour/validation.md) and the optional end date of an
 * adoption. Both forms that ask them name the fields startDate and expirationDate.
 */
export function DateRangeFields<T extends FieldValues, TOut extends FieldValues>({
  control,
  minStartDate,
}: {
  /** A form with the fields startDate and expirationDate. */
  control: Control<T, unknown, TOut>;
  minStartDate: string | null;
}) {
  return (
    <Box sx={twoColumns('sm')}>
      <FormDateField
        control={control}
        name={'startDate' as Path<T>}
        label="Start date"
        required
        min={minStartDate}
        hint={minStartDate ? `On or after ${formatDisplayDate(minStartDate)}` : undefined}
      />
      <FormDateField
        control={control}
        name={'expirationDate' as Path<T>}
        label="End date"
        hint="Optional: leave empty for no end date."
      />
    </Box>
  );
}

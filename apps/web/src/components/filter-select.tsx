import { errorMessage } from '../lib/api-client.ts';
import { NativeSelect, type SelectFieldProps, type SelectOption } from './native-select.tsx';

export type FilterOption = SelectOption;

interface FilterSelectProps extends SelectFieldProps {
  /** The state of the query that fills the options, when there is one. */
  source?: { isLoading: boolean; error: unknown };
}

/**
 * A filter's native select. A value the options do not hold yet (a linked division while the
 * list loads) is kept as an option, so the field never shows something other than the filter.
 */
export function FilterSelect({ disabled, source, ...select }: FilterSelectProps) {
  const loading = source?.isLoading ?? false;
  const error = source?.error ?? null;
  const known = select.options.some((option) => option.value === select.value);
  return (
    <NativeSelect
      {...select}
      disabled={disabled || loading}
      error={Boolean(error)}
      helperText={error ? errorMessage(error) : undefined}
    >
      {!known && <option value={select.value}>{loading ? 'Loading…' : select.value}</option>}
    </NativeSelect>
  );
}

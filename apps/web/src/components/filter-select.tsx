import { errorMessage } from '../lib/api-client.ts';
import { NativeSelect, type SelectOption } from './native-select.tsx';

export type FilterOption = SelectOption;

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
 * A filter's native select. A value the options do not hold yet (a linked division while the
 * list loads) is kept as an option, so the field never shows something other than the filter.
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
    <NativeSelect
      label={label}
      value={value}
      options={options}
      onChange={onChange}
      disabled={disabled || loading}
      error={Boolean(error)}
      helperText={error ? errorMessage(error) : undefined}
    >
      {!known && <option value={value}>{loading ? 'Loading…' : value}</option>}
    </NativeSelect>
  );
}

import { NativeSelect, type SelectOption } from '../../../components/native-select.tsx';

interface ChoiceSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Why the choice cannot be sent, shown under the field. */
  error?: string;
  helperText?: string;
}

/**
 * A required choice of a form, with its problem under it. FilterSelect is for filters, which
 * have no wrong value.
 */
export function ChoiceSelect({ label, value, options, onChange, disabled, error, helperText }: ChoiceSelectProps) {
  return (
    <NativeSelect
      label={label}
      value={value}
      options={options}
      onChange={onChange}
      required
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}

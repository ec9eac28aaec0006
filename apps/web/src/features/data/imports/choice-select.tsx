import { NativeSelect, type SelectFieldProps } from '../../../components/native-select.tsx';

interface ChoiceSelectProps extends SelectFieldProps {
  /** Why the choice cannot be sent, shown under the field. */
  error?: string;
  helperText?: string;
}

/**
 * A required choice of a form, with its problem under it. FilterSelect is for filters, which
 * have no wrong value.
 */
export function ChoiceSelect({ error, helperText, ...select }: ChoiceSelectProps) {
  return (
    <NativeSelect {...select} required error={Boolean(error)} helperText={error ?? helperText} />
  );
}

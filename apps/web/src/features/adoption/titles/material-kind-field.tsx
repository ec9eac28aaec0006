import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MATERIAL_KINDS, MATERIAL_KIND_LABELS } from '@csp/contracts';
import { NativeSelect } from '../../../components/native-select.tsx';

const KIND_OPTIONS = MATERIAL_KINDS.map((kind) => ({
  value: kind,
  label: MATERIAL_KIND_LABELS[kind],
}));

/** The material kind (issue 31) as a native select: the keyboard and phones' own pickers. */
export function MaterialKindField<T extends FieldValues, TOut extends FieldValues>(props: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label?: string;
  helperText?: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NativeSelect
          label={props.label ?? 'Material kind'}
          value={String(field.value ?? '')}
          options={KIND_OPTIONS}
          onChange={field.onChange}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
        />
      )}
    />
  );
}

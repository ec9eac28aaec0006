import { useController, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { FundingSource } from '@csp/contracts';
import { useFundingTerms } from '../api/funding-queries.ts';
import type { SourceFormOutput, SourceFormValues } from './source-form-schema.ts';

interface TermOption {
  termId: number;
  label: string;
}

/**
 * The terms whose materials the source pays for, from the store's terms (newest first); none
 * chosen means any term. A source's own terms are named even before the list has loaded.
 */
export function TermPicker({
  control,
  source,
}: {
  control: Control<SourceFormValues, unknown, SourceFormOutput>;
  source?: FundingSource;
}) {
  const terms = useFundingTerms();
  const { field, fieldState } = useController({ control, name: 'termIds' });
  const options: TermOption[] = (terms.data?.terms ?? []).map((t) => ({
    termId: t.termId,
    label: `${t.termName} (${t.divisionName})`,
  }));
  const known = new Map(options.map((o) => [o.termId, o]));
  for (const t of source?.terms ?? []) {
    if (!known.has(t.termId)) known.set(t.termId, { termId: t.termId, label: t.termName });
  }
  const value = field.value.map((id) => known.get(id) ?? { termId: id, label: `Term ${id}` });
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={terms.isPending}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.termId === b.termId}
      onChange={(_, chosen) => field.onChange(chosen.map((o) => o.termId))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Terms"
          inputRef={field.ref}
          error={Boolean(fieldState.error) || terms.isError}
          helperText={
            fieldState.error?.message ??
            (terms.isError
              ? `Could not load the terms: ${terms.error.message}`
              : 'Leave empty for any term.')
          }
        />
      )}
    />
  );
}

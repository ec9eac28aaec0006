import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ResearchProfessor } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResearchProfessors } from '../api/research-queries.ts';
import { useDebounced } from '../../../components/list/use-debounced.ts';

interface ProfessorPickerProps {
  /** The professor in the URL, or null. */
  professorId: number | null;
  onChange: (professorId: number | null) => void;
}

/**
 * A professor by name: the server searches as the user types (a store has hundreds), and the
 * professor a link names is asked for by id, so the field shows their name from the start.
 */
export function ProfessorPicker({ professorId, onChange }: ProfessorPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const professors = useResearchProfessors(search, professorId);
  // The picked professor stays an option whatever is typed, so the field keeps naming them.
  const [picked, setPicked] = useState<ResearchProfessor | null>(null);
  const fromServer = professors.data?.find((p) => p.professorId === professorId) ?? null;
  const value =
    professorId === null ? null : picked?.professorId === professorId ? picked : fromServer;
  const options = professors.data ?? [];
  const withValue =
    value && !options.some((p) => p.professorId === value.professorId)
      ? [value, ...options]
      : options;

  return (
    <Autocomplete
      size="small"
      options={withValue}
      value={value}
      // The server has filtered already (by the start of a last or first name).
      filterOptions={(all) => all}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.professorId === b.professorId}
      getOptionKey={(p) => p.professorId}
      loading={professors.isFetching}
      noOptionsText={typed ? 'No professor matches' : 'Type a name'}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      onChange={(_event, next) => {
        setPicked(next);
        onChange(next?.professorId ?? null);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Professor"
          error={professors.isError}
          helperText={professors.isError ? errorMessage(professors.error) : undefined}
        />
      )}
    />
  );
}

import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useIaSectionCandidates } from '../api/program-queries.ts';
import { PROGRAM_TEXT as T } from './program-text.ts';

interface Candidate {
  sectionId: number;
  label: string;
  iaMaterials: number;
}

/**
 * Adds a section to the program: the term's sections with an inclusive-access material that
 * are not in it yet, searched by course; "Add" opens the chosen section's editor.
 */
export function SectionPicker({
  termId,
  onPick,
}: {
  termId: number;
  onPick: (sectionId: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const query = useIaSectionCandidates(termId, search.trim(), open);
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { sm: 'center' } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        onPick(chosen.sectionId);
        // Once in the program it is no candidate any more: the field is ready for the next one.
        setChosen(null);
        setSearch('');
      }}
    >
      <Autocomplete<Candidate>
        sx={{ width: { xs: '100%', sm: 420 } }}
        options={query.data?.sections ?? []}
        loading={query.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.sectionId === b.sectionId}
        value={chosen}
        onOpen={() => setOpen(true)}
        onChange={(_, value) => setChosen(value)}
        onInputChange={(_, value, reason) => {
          if (reason === 'input') setSearch(value);
        }}
        noOptionsText={query.isError ? query.error.message : T.noCandidates}
        renderInput={(params) => (
          <TextField {...params} label={`${T.addSection}: ${T.sectionPicker}`} />
        )}
      />
      <Button type="submit" variant="contained" disabled={!chosen}>
        {T.addSection}
      </Button>
    </Stack>
  );
}

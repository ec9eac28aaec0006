import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import type { AdoptionView } from './adoption-url-state.ts';

/** Cards or a table for the adoption lists; pressing the view already shown changes nothing. */
export function AdoptionViewSwitch(props: {
  view: AdoptionView;
  onChange: (view: AdoptionView) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="Adoption view"
      value={props.view}
      onChange={(_, next: AdoptionView | null) => {
        if (next) props.onChange(next);
      }}
      sx={{ alignSelf: 'flex-start' }}
    >
      <ToggleButton value="cards" sx={{ gap: 0.75, px: 1.5 }}>
        <ViewAgendaIcon fontSize="small" aria-hidden />
        Cards
      </ToggleButton>
      <ToggleButton value="table" sx={{ gap: 0.75, px: 1.5 }}>
        <TableRowsIcon fontSize="small" aria-hidden />
        Table
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

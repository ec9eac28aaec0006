import { useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneIcon from '@mui/icons-material/Tune';
import { CatalogFilters } from './catalog-filters.tsx';
import { CourseSearchForm } from './course-search-form.tsx';
import { activeFilterCount, isSearching } from './catalog-url-state.ts';
import type { CatalogView } from './catalog-url-state.ts';
import { SearchSummary } from './search-summary.tsx';

interface CatalogFilterPanelProps {
  view: CatalogView;
  onChange: (patch: Partial<CatalogView>) => void;
  narrow: boolean;
}

function filterSummary(view: CatalogView): string {
  if (isSearching(view)) return 'not applied while searching';
  const count = activeFilterCount(view);
  return count === 0 ? 'none set' : count === 1 ? '1 set' : `${count} set`;
}

/**
 * Search and filters. On a wide screen they are always open above the list; on a phone the
 * search is the top bar's and the filters fold into one bar, so the list starts near the top.
 */
export function CatalogFilterPanel({ view, onChange, narrow }: CatalogFilterPanelProps) {
  const headingId = useId();
  const searching = isSearching(view);
  const search = (q: string) => onChange({ q });
  const filters = <CatalogFilters view={view} onChange={onChange} searching={searching} />;

  if (narrow) {
    return (
      <Stack spacing={1.5}>
        <SearchSummary value={view.q} onClear={() => search('')} />
        <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TuneIcon fontSize="small" aria-hidden />
              <Typography component="span" sx={{ fontWeight: 500 }}>
                Filters{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({filterSummary(view)})
                </Typography>
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>{filters}</AccordionDetails>
        </Accordion>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <CourseSearchForm value={view.q} onSearch={search} />
        <Typography component="h2" id={headingId} variant="subtitle1" sx={{ fontWeight: 500 }}>
          Filters
        </Typography>
        {filters}
      </Stack>
    </Paper>
  );
}

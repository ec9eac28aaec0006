import { useId, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneIcon from '@mui/icons-material/Tune';

/** "none set", "1 set", "3 set": how many filters narrow the list. */
export const filtersSetText = (count: number) => (count === 0 ? 'none set' : `${count} set`);

interface FilterPanelProps {
  /** The search box (on a phone, what stands for it above the folded filters). */
  search: ReactNode;
  /** A phone: the filters fold under one bar so the list starts near the top. */
  narrow: boolean;
  /** Beside "Filters" on the folded bar, e.g. "2 set". */
  summary: string;
  /** The filters. */
  children: ReactNode;
}

/**
 * A list screen's search and filters. On a wide screen they are always open above the list, in a
 * region headed "Filters"; on a phone the filters fold into one bar.
 */
export function FilterPanel({ search, narrow, summary, children }: FilterPanelProps) {
  const headingId = useId();
  if (narrow) {
    return (
      <Stack spacing={1.5}>
        {search}
        <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TuneIcon fontSize="small" aria-hidden />
              <Typography component="span" sx={{ fontWeight: 500 }}>
                Filters{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({summary})
                </Typography>
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>{children}</AccordionDetails>
        </Accordion>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        {search}
        <Typography component="h2" id={headingId} variant="subtitle1" sx={{ fontWeight: 500 }}>
          Filters
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

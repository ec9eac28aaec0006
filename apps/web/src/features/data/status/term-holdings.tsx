import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TermHoldings as Holdings } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { count } from '../../../lib/format.ts';

const FIGURES = [
  ['courses', 'Courses'],
  ['sections', 'Sections'],
  ['professors', 'Professors'],
  ['enrollments', 'Enrollments'],
  ['adoptions', 'Adoptions'],
] as const;

const dates = (term: Holdings) =>
  `${formatDisplayDate(term.startDate)} – ${formatDisplayDate(term.endDate)}`;

/** What the store holds per term, newest first: a table, or a card per term on a phone. */
export function TermHoldings({ terms, phone }: { terms: readonly Holdings[]; phone: boolean }) {
  if (phone) {
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {terms.map((term) => (
          <Paper key={term.termId} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {term.termName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {term.divisionName} · {dates(term)}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                // Two figures a line: a term's card stays short in a long list of terms.
                gridTemplateColumns: 'auto 1fr auto 1fr',
                columnGap: 1.5,
                '& dd': { m: 0, textAlign: 'right', fontWeight: 600 },
              }}
            >
              {FIGURES.map(([key, label]) => (
                <Fragment key={key}>
                  <Typography component="dt" variant="body2">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {count(term[key])}
                  </Typography>
                </Fragment>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label="What the store holds per term">
      <TableHead>
        <TableRow>
          <TableCell>Division</TableCell>
          <TableCell>Term</TableCell>
          <TableCell>Dates</TableCell>
          {FIGURES.map(([key, label]) => (
            <TableCell key={key} align="right">
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {terms.map((term) => (
          <TableRow key={term.termId}>
            <TableCell>{term.divisionName}</TableCell>
            <TableCell component="th" scope="row">
              {term.termName}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates(term)}</TableCell>
            {FIGURES.map(([key]) => (
              <TableCell key={key} align="right">
                {count(term[key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

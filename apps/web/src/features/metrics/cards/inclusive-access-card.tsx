import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getIaDashboard, type IaTerm } from '@csp/contracts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { useCallerQuery } from '../../../lib/contract-query.ts';

const rate = (value: number | null) => (value === null ? '–' : `${value}%`);

/**
 * The dashboard's inclusive access (issue 32, point 6), for MANAGE_INCLUSIVE_ACCESS holders:
 * each division's current (else next) term within the caller's sections, with sections in the
 * program, participants and the opt-out rate, and a link to the term's programs.
 */
export function InclusiveAccessCard() {
  const headingId = useId();
  const query = useCallerQuery(getIaDashboard);
  const terms = query.data?.terms ?? [];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, maxWidth: 720, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Inclusive access this term
      </Typography>
      {query.isPending ? (
        <PanelLoading what="inclusive access" />
      ) : query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()}>
          Could not load inclusive access: {query.error.message}
        </LoadFailure>
      ) : terms.length === 0 ? (
        <Typography>No term under way or coming has a section you manage.</Typography>
      ) : (
        terms.map((term) => <TermLine key={term.termId} term={term} />)
      )}
    </Paper>
  );
}

function TermLine({ term }: { term: IaTerm }) {
  const label = `${term.termName}, ${term.divisionName}`;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <div>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {term.sections} {term.sections === 1 ? 'section' : 'sections'} in the program ·{' '}
          {term.participantsIn} of {term.enrolled} students in · opt-out rate{' '}
          {rate(term.optOutRate)}
        </Typography>
      </div>
      <Button
        component={RouterLink}
        to={`/inclusive-access/terms/${term.termId}`}
        size="small"
        aria-label={`Inclusive access programs of ${label}`}
      >
        Programs
      </Button>
    </Stack>
  );
}

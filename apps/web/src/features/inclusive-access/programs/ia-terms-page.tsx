import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IaTerm } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { Panel } from '../../../components/panel.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useIaTerms } from '../api/program-queries.ts';
import { IntegrationLink } from './integration-link.tsx';
import { PROGRAM_TEXT as T, datesLine, rateText } from './program-text.ts';
import { TermDatesDialog } from './term-dates-dialog.tsx';

/**
 * /inclusive-access (issue 32): the terms not yet ended in which the caller manages inclusive
 * access, each with its opt-out deadline and refund window (a dialog edits them, for the
 * division's managers) and its program figures, linking to the term's programs; and for the
 * store-wide managers the way to the access lists' integration token.
 */
export function IaTermsPage() {
  const query = useIaTerms();
  const [editing, setEditing] = useState<IaTerm | null>(null);
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.pageTitle}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {query.data ? (
        query.data.terms.length === 0 ? (
          <Alert severity="info">{T.noTerms}</Alert>
        ) : (
          query.data.terms.map((term) => (
            <TermCard key={term.termId} term={term} onEdit={() => setEditing(term)} />
          ))
        )
      ) : query.isError ? (
        failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message}
          </LoadFailure>
        ) : (
          <PanelError
            what={T.loadingTerms}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <PanelLoading what={T.loadingTerms} />
      )}
      <IntegrationLink />
      {editing && <TermDatesDialog term={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Sections, participants in and out, and the opt-out rate, as short named figures. */
export function TermFigures({ term }: { term: IaTerm }) {
  const figures = [
    ['Sections in the program', String(term.sections)],
    ['Students enrolled', String(term.enrolled)],
    ['In', String(term.participantsIn)],
    ['Opted out', String(term.participantsOut)],
    ['Opt-out rate', rateText(term.optOutRate)],
  ];
  return (
    <Stack component="dl" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, m: 0 }}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </div>
      ))}
    </Stack>
  );
}

function TermCard({ term, onEdit }: { term: IaTerm; onEdit: () => void }) {
  const headingId = useId();
  const label = `${term.termName}, ${term.divisionName}`;
  return (
    <Panel labelledBy={headingId} component="article">
      <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDisplayDate(term.startDate)} – {formatDisplayDate(term.endDate)} · {datesLine(term)}
      </Typography>
      <Stack sx={{ my: 1.5 }}>
        <TermFigures term={term} />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={`/inclusive-access/terms/${term.termId}`}
          variant="contained"
          aria-label={`Programs of ${label}`}
        >
          Programs
        </Button>
        {term.mayEditDates && (
          <Button variant="outlined" onClick={onEdit} aria-label={`${T.editDates} of ${label}`}>
            {T.editDates}
          </Button>
        )}
      </Stack>
    </Panel>
  );
}

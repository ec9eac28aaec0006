import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TermDeadline } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useAdoptionDeadlines, type DeadlinesAnswer } from '../api/deadline-queries.ts';
import { DEADLINE_TEXT as T } from '../deadlines/deadline-text.ts';
import { TermDeadlineCard } from '../deadlines/term-deadline-card.tsx';
import { byDivision, type DivisionGroup } from '../division-groups.ts';

/**
 * Adoption deadlines (issue 30): each coming term of the divisions the caller manages, with its
 * deadline to set or clear and its sections' standing against it. Only for
 * MANAGE_ADOPTION_CAMPAIGNS (the route's guard); the server narrows the list to the caller's
 * divisions and refuses anyone else.
 */
export function AdoptionDeadlinesPage() {
  const query = useAdoptionDeadlines();
  const answer = query.data;
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.pageTitle}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {answer ? (
        <DeadlineList answer={answer} />
      ) : query.isError ? (
        failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message} {T.refusedHint}
          </LoadFailure>
        ) : (
          <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <PanelLoading what={T.loading} />
      )}
    </Stack>
  );
}

function DeadlineList({ answer }: { answer: DeadlinesAnswer }) {
  if (answer.terms.length === 0) return <Alert severity="info">{T.empty}</Alert>;
  const divisions = byDivision(answer.terms);
  const asOf = (
    <Typography variant="body2" color="text.secondary">
      Counts as of {formatDisplayDate(answer.today)}.
    </Typography>
  );
  if (divisions.length === 1) {
    return (
      <Stack spacing={2} useFlexGap>
        {asOf}
        {answer.terms.map((term) => (
          <TermDeadlineCard
            key={term.termId}
            term={term}
            today={answer.today}
            headingLevel="h2"
            label={term.termName}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Stack spacing={3} useFlexGap>
      {asOf}
      {divisions.map((division) => (
        <DivisionSection key={division.divisionId} division={division} today={answer.today} />
      ))}
    </Stack>
  );
}

function DivisionSection({
  division,
  today,
}: {
  division: DivisionGroup<TermDeadline>;
  today: string;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} useFlexGap>
      <Typography id={headingId} component="h2" variant="h6">
        {division.divisionName}
      </Typography>
      {division.items.map((term) => (
        <TermDeadlineCard
          key={term.termId}
          term={term}
          today={today}
          headingLevel="h3"
          label={`${term.termName}, ${division.divisionName}`}
        />
      ))}
    </Stack>
  );
}

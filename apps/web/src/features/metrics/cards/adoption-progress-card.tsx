import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { MetricsTerm } from '@csp/contracts';
import Typography from '@mui/material/Typography';
import type { AdoptionProgressRow } from '@csp/contracts';
import { formatDisplayDate, toApiDate } from '../../../lib/dates.ts';
import { useAdoptionProgress } from '../api/metrics-queries.ts';
import { StackedBarDrawing } from '../charts/lazy-charts.tsx';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { KeyNumbers } from './card-parts.tsx';
import { cardStatus } from './card-status.ts';
import { CostShares } from './cost-shares.tsx';
import { FigureLegend } from './figure-legend.tsx';
import { FigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { adoptionRows } from './metric-figures.ts';
import { formatCount, formatPercent, shareOf } from './metric-format.ts';

const TITLE = 'Adoption progress';

/** The term's deadline and the sections late or missing against it (issue 30), or null. */
export function deadlineSentence(row: AdoptionProgressRow, today: string): string | null {
  const deadline = row.adoptionDeadline;
  if (!deadline) return null;
  const late = `${formatCount(row.sectionsLate)} adopted late`;
  if (deadline >= today) return `Adoptions due by ${formatDisplayDate(deadline)}; ${late} so far.`;
  const onTime = `${formatPercent(shareOf(row.sectionsOnTime, row.sectionsTotal))} on time`;
  const missing = `${formatCount(row.sectionsMissing)} ${row.sectionsMissing === 1 ? 'section' : 'sections'} still missing`;
  return `Adoption deadline ${formatDisplayDate(deadline)} has passed: ${onTime}, ${missing}, ${late}.`;
}

/** "12 campaign e-mails sent." once the term's campaign has sent any, or null. */
export function campaignEmailsSentence(row: AdoptionProgressRow): string | null {
  const sent = row.campaignEmailsSent;
  if (sent === 0) return null;
  return `${formatCount(sent)} campaign ${sent === 1 ? 'e-mail' : 'e-mails'} sent.`;
}

/** "Most missing: Chemistry (12), Art (8)." once the deadline has passed, or null. */
export function mostMissingSentence(row: AdoptionProgressRow): string | null {
  const departments = row.mostMissingDepartments;
  if (departments.length === 0) return null;
  const named = departments.map(
    (d) => `${d.departmentName || d.departmentCode} (${formatCount(d.missing)})`,
  );
  return `Most missing: ${named.join(', ')}.`;
}

/**
 * Where the term's sections stand: adopted, no text required, or still outstanding, and how
 * many adoptions wait for someone's response. One summary for every division and term serves
 * all tabs; this card picks its own row from it.
 */
export function AdoptionProgressCard({
  divisionId,
  term,
}: {
  divisionId: number;
  term: MetricsTerm;
}) {
  const query = useAdoptionProgress(true);
  const today = useMemo(() => toApiDate(new Date()), []);
  const row = query.data?.adoptionProgress.find(
    (r) => r.divisionId === divisionId && r.termId === term.termId,
  );
  const emptyText =
    query.data && (!row || row.sectionsTotal === 0)
      ? term.endDate < today
        ? T.termEnded
        : T.noSections
      : null;
  const rows = row ? adoptionRows(row) : [];
  const answered = row
    ? shareOf(row.sectionsAdopted + row.sectionsNoTextRequired, row.sectionsTotal)
    : null;
  const needResponse = row?.adoptionsNeedingResponse ?? 0;
  const deadline = row ? deadlineSentence(row, today) : null;
  const mostMissing = row ? mostMissingSentence(row) : null;
  const emailsSent = row ? campaignEmailsSentence(row) : null;
  const keyNumbers = row && (
    <>
      <KeyNumbers
        figures={[
          {
            value: formatPercent(answered),
            label: `of ${formatCount(row.sectionsTotal)} sections answered`,
          },
          {
            value: formatCount(needResponse),
            label: needResponse === 1 ? 'adoption needs a response' : 'adoptions need a response',
            tone: needResponse > 0 ? 'warning' : undefined,
          },
        ]}
      />
      {deadline && (
        <Typography
          variant="body2"
          color={row.sectionsMissing > 0 ? 'warning.dark' : 'text.secondary'}
        >
          {deadline}
        </Typography>
      )}
      {mostMissing && (
        <Typography variant="body2" color="text.secondary">
          {mostMissing}
        </Typography>
      )}
      {emailsSent && (
        <Typography variant="body2" color="text.secondary">
          {emailsSent}
        </Typography>
      )}
      <CostShares input={{ divisionId, termId: term.termId }} />
    </>
  );

  return (
    <MetricCard
      usualHeight={460}
      title={TITLE}
      subtitle="Sections of the term"
      status={cardStatus([query])}
      emptyText={emptyText}
      chart={
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {keyNumbers}
          <StackedBarDrawing rows={rows} />
          <FigureLegend rows={rows} label={`Sections by adoption, ${term.termName}`} />
        </Box>
      }
      table={
        row && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {keyNumbers}
            <FigureTable
              caption={`Adoption progress, ${term.termName}`}
              category="Status"
              unit="Sections"
              rows={rows}
              extra={[
                { label: 'All sections', count: row.sectionsTotal },
                { label: 'Adoptions needing a response', count: needResponse },
                ...(row.adoptionDeadline
                  ? [
                      { label: 'Adopted on time', count: row.sectionsOnTime },
                      { label: 'Adopted after the deadline', count: row.sectionsLate },
                      { label: 'Missing after the deadline', count: row.sectionsMissing },
                    ]
                  : []),
                ...(row.campaignEmailsSent > 0
                  ? [{ label: 'Campaign e-mails sent', count: row.campaignEmailsSent }]
                  : []),
              ]}
            />
          </Box>
        )
      }
    />
  );
}

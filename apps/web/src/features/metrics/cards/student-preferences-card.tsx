import Box from '@mui/material/Box';
import type { MetricsDivision } from '@csp/contracts';
import { useStudentPreferences } from '../api/metrics-queries.ts';
import { DonutDrawing } from '../charts/lazy-charts.tsx';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { cardStatus } from './card-status.ts';
import { FigureLegend } from './figure-legend.tsx';
import { FigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { preferenceRows, totalOf } from './metric-figures.ts';

/** How the division's students want their materials now; not tied to the chosen term. */
export function StudentPreferencesCard({ division }: { division: MetricsDivision }) {
  const query = useStudentPreferences(division.divisionId);
  const rows = query.data ? preferenceRows(query.data.preferences) : [];
  const total = totalOf(rows);
  return (
    <MetricCard
      usualHeight={384}
      title="Student fulfilment preferences"
      subtitle="Students’ current choices, any term"
      status={cardStatus([query])}
      emptyText={query.data && total === 0 ? T.noStudents : null}
      chart={
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <DonutDrawing rows={rows} />
          <FigureLegend rows={rows} label={`Students by preference, ${division.divisionName}`} />
        </Box>
      }
      table={
        <FigureTable
          caption={`Student fulfilment preferences, ${division.divisionName}`}
          category="Preference"
          unit="Students"
          rows={rows}
          extra={[{ label: 'All students', count: total }]}
        />
      }
    />
  );
}

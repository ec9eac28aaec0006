import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DivisionTermInput, MetricsTerm } from '@csp/contracts';
import { useDivisionFulfilment, useFulfilmentBreakdown } from '../api/metrics-queries.ts';
import { StackedBarDrawing } from '../charts/lazy-charts.tsx';
import { GAUGE_COLORS } from './figure-colors.ts';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { GaugeFigure } from './card-parts.tsx';
import { cardStatus } from './card-status.ts';
import { FigureLegend } from './figure-legend.tsx';
import { FigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { fulfilmentRows, totalOf } from './metric-figures.ts';
import { formatCount } from './metric-format.ts';

const TITLE = 'Order fulfilment';

/** How much of the term's ordering is done: the fulfilled share, and every item by state. */
export function FulfilmentCard({ input, term }: { input: DivisionTermInput; term: MetricsTerm }) {
  const share = useDivisionFulfilment(input);
  const breakdown = useFulfilmentBreakdown(input);
  const rows = breakdown.data ? fulfilmentRows(breakdown.data.states) : [];
  const status = cardStatus([share, breakdown]);
  const empty = status.kind === 'ready' && totalOf(rows) === 0;
  const live = rows.filter((r) => r.key !== 'CANCELLED');
  const figures = share.data;

  return (
    <MetricCard
      usualHeight={476}
      title={TITLE}
      subtitle="Items ordered for the term"
      status={status}
      emptyText={empty ? T.noOrders : null}
      chart={
        figures && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <GaugeFigure value={figures.fulfilledPercentage} color={GAUGE_COLORS.fulfilment}>
              {`${formatCount(figures.fulfilledCount)} of ${formatCount(figures.itemCount)} items fulfilled`}
            </GaugeFigure>
            <StackedBarDrawing rows={live} />
            <FigureLegend rows={rows} label={`Order items by state, ${term.termName}`} />
            <Typography variant="caption" color="text.secondary">
              Shares leave out cancelled items.
            </Typography>
          </Box>
        )
      }
      table={
        figures && (
          <FigureTable
            caption={`Order items by state, ${term.termName}`}
            category="State"
            unit="Items"
            rows={rows}
            extra={[
              { label: 'Items not cancelled', count: figures.itemCount },
              {
                label: 'Fulfilled of those',
                count: figures.fulfilledCount,
                share: figures.fulfilledPercentage,
              },
            ]}
          />
        )
      }
    />
  );
}

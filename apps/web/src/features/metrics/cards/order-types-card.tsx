import Box from '@mui/material/Box';
import type { DivisionTermInput, MetricsTerm } from '@csp/contracts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { useOrderTypes } from '../api/metrics-queries.ts';
import { BarsDrawing } from '../charts/lazy-charts.tsx';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { Caption } from './card-parts.tsx';
import { cardStatus } from './card-status.ts';
import { FigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { figuresSentence, orderTypeRows, totalOf } from './metric-figures.ts';
import { countOf, formatPercent, shareOf } from './metric-format.ts';

/** How the term's items were bought: rented or bought, new or used, or digital. */
export function OrderTypesCard({ input, term }: { input: DivisionTermInput; term: MetricsTerm }) {
  const query = useOrderTypes(input);
  const data = query.data;
  const rows = data ? orderTypeRows(data.orderTypesBreakdown) : [];
  const total = totalOf(rows);
  const rented = data ? shareOf(data.rentNew + data.rentUsed, total) : null;
  const caption = `${countOf(total, 'item', 'items')} · ${formatPercent(rented)} rented`;
  return (
    <MetricCard
      usualHeight={360}
      title="Order types"
      subtitle="How the term’s items were bought"
      status={cardStatus([query])}
      emptyText={data && total === 0 ? T.noOrders : null}
      chart={
        <Box sx={{ display: 'grid', gap: 1 }}>
          <BarsDrawing rows={rows} />
          <VisuallyHidden>{`${figuresSentence(rows, 'item', 'items')}.`}</VisuallyHidden>
          <Caption>{caption}</Caption>
        </Box>
      }
      table={
        <FigureTable
          caption={`Order types, ${term.termName}`}
          category="Order type"
          unit="Items"
          rows={rows}
          extra={[{ label: 'All items', count: total }]}
        />
      }
    />
  );
}

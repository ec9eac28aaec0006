import type { DivisionTermInput, MetricsTerm } from '@csp/contracts';
import { useOnTimeFulfilment } from '../api/metrics-queries.ts';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { GaugeFigure } from './card-parts.tsx';
import { cardStatus } from './card-status.ts';
import { GAUGE_COLORS } from './figure-colors.ts';
import { KeyFigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { formatCount, formatPercent } from './metric-format.ts';

/**
 * Items fulfilled by their section's start date. Rendered only for a division whose on-time
 * figure the caller may see, so its call is never made for anyone else.
 */
export function OnTimeCard({ input, term }: { input: DivisionTermInput; term: MetricsTerm }) {
  const query = useOnTimeFulfilment(input);
  const data = query.data;
  return (
    <MetricCard
      usualHeight={304}
      title="On-time fulfilment"
      subtitle="Items fulfilled by their section’s start date"
      status={cardStatus([query])}
      emptyText={data && data.dueCount === 0 ? T.noOrders : null}
      chart={
        data && (
          <GaugeFigure value={data.onTimePercentage} color={GAUGE_COLORS.onTime}>
            {`${formatCount(data.onTimeCount)} of ${formatCount(data.dueCount)} items on time`}
          </GaugeFigure>
        )
      }
      table={
        data && (
          <KeyFigureTable
            caption={`On-time fulfilment, ${term.termName}`}
            figures={[
              { label: 'On time', value: formatPercent(data.onTimePercentage) },
              { label: 'Items fulfilled on time', value: formatCount(data.onTimeCount) },
              { label: 'Items for a section (not cancelled)', value: formatCount(data.dueCount) },
            ]}
          />
        )
      }
    />
  );
}

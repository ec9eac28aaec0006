import type { DivisionTermInput, MetricsTerm } from '@csp/contracts';
import { useMarketShare } from '../api/metrics-queries.ts';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { GaugeFigure } from './card-parts.tsx';
import { cardStatus } from './card-status.ts';
import { GAUGE_COLORS } from './figure-colors.ts';
import { KeyFigureTable } from './figure-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { formatCount, formatPercent } from './metric-format.ts';

/** Of what enrolled students must have for their sections, how much they got from the store. */
export function MarketShareCard({ input, term }: { input: DivisionTermInput; term: MetricsTerm }) {
  const query = useMarketShare(input);
  const data = query.data;
  return (
    <MetricCard
      usualHeight={304}
      title="Market share"
      subtitle="Required materials bought or rented here"
      status={cardStatus([query])}
      emptyText={data && data.requiredCount === 0 ? T.noRequired : null}
      chart={
        data && (
          <GaugeFigure value={data.marketSharePercentage} color={GAUGE_COLORS.marketShare}>
            {`${formatCount(data.boughtCount)} of ${formatCount(data.requiredCount)} required materials`}
          </GaugeFigure>
        )
      }
      table={
        data && (
          <KeyFigureTable
            caption={`Market share, ${term.termName}`}
            figures={[
              { label: 'Market share', value: formatPercent(data.marketSharePercentage) },
              { label: 'Bought or rented here', value: formatCount(data.boughtCount) },
              {
                label: 'Required (enrolments × required titles)',
                value: formatCount(data.requiredCount),
              },
            ]}
          />
        )
      }
    />
  );
}

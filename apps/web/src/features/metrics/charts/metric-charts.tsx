import { BarChart } from '@mui/x-charts/BarChart';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';
import { PieChart } from '@mui/x-charts/PieChart';
import type { FigureRow } from '../cards/metric-figures.ts';
import { formatCount, formatPercent } from '../cards/metric-format.ts';

/*
 * The only module that imports MUI X Charts. It is loaded lazily (lazy-charts.tsx), so the
 * charts' code arrives after the dashboard's own and no other page ever pays for it.
 *
 * Every chart here is drawn for the eye only: the card around it hides it from screen readers
 * and says the same figures in words (a legend with numbers, or a sentence), and its table view
 * shows them as a table. So the charts' own keyboard focus and hover tooltips are switched off:
 * a tab stop inside hidden content would be a trap, and nothing here needs a hover to be read.
 */

const NO_TOOLTIP = { tooltip: { trigger: 'none' } } as const;

/** A share 0-100 as a half-ring with the figure in the middle. */
export function ShareGauge({ value, color }: { value: number | null; color: string }) {
  return (
    <Gauge
      value={value ?? 0}
      valueMin={0}
      valueMax={100}
      startAngle={-110}
      endAngle={110}
      innerRadius="72%"
      outerRadius="100%"
      cornerRadius={4}
      height={130}
      margin={{ top: 4, bottom: 0, left: 0, right: 0 }}
      text={formatPercent(value)}
      sx={{
        [`& .${gaugeClasses.valueText}`]: { fontSize: 28, fontWeight: 600 },
        [`& .${gaugeClasses.valueText} text`]: { transform: 'translate(0, 12px)' },
        [`& .${gaugeClasses.valueArc}`]: { fill: color },
        [`& .${gaugeClasses.referenceArc}`]: { fill: '#e0e0e0' },
      }}
    />
  );
}

/** Parts of a whole as one bar split into coloured lengths (progress towards all of it). */
export function StackedShareBar({ rows }: { rows: readonly FigureRow[] }) {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <BarChart
      layout="horizontal"
      height={44}
      margin={{ top: 4, bottom: 4, left: 0, right: 0 }}
      series={rows.map((r) => ({
        id: r.key,
        label: r.label,
        data: [r.count],
        stack: 'whole',
        color: r.color,
      }))}
      yAxis={[{ scaleType: 'band', data: [''], position: 'none', categoryGapRatio: 0 }]}
      xAxis={[{ position: 'none', min: 0, max: Math.max(total, 1) }]}
      hideLegend
      disableKeyboardNavigation
      axisHighlight={{ x: 'none', y: 'none' }}
      slotProps={NO_TOOLTIP}
    />
  );
}

/** One bar per category, the count at its end. */
export function CategoryBars({ rows }: { rows: readonly FigureRow[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <BarChart
      layout="horizontal"
      height={rows.length * 38 + 12}
      margin={{ top: 4, bottom: 4, left: 0, right: 8 }}
      dataset={rows.map((r) => ({ label: r.label, count: r.count }))}
      series={[
        {
          dataKey: 'count',
          barLabel: (item) => (item.value === null ? null : formatCount(item.value)),
          barLabelPlacement: 'outside',
        },
      ]}
      yAxis={[
        {
          scaleType: 'band',
          dataKey: 'label',
          width: 84,
          categoryGapRatio: 0.3,
          disableTicks: true,
          colorMap: {
            type: 'ordinal',
            values: rows.map((r) => r.label),
            colors: rows.map((r) => r.color),
          },
        },
      ]}
      // Room past the longest bar for its figure.
      xAxis={[{ position: 'none', min: 0, max: max * 1.3 }]}
      hideLegend
      disableKeyboardNavigation
      axisHighlight={{ x: 'none', y: 'none' }}
      slotProps={NO_TOOLTIP}
    />
  );
}

/** Parts of a whole as a ring. */
export function CategoryDonut({ rows }: { rows: readonly FigureRow[] }) {
  return (
    <PieChart
      height={150}
      margin={{ top: 4, bottom: 4, left: 4, right: 4 }}
      series={[
        {
          data: rows.map((r) => ({ id: r.key, value: r.count, label: r.label, color: r.color })),
          innerRadius: '55%',
          outerRadius: '100%',
          paddingAngle: 1,
          cornerRadius: 3,
        },
      ]}
      hideLegend
      disableKeyboardNavigation
      slotProps={NO_TOOLTIP}
    />
  );
}

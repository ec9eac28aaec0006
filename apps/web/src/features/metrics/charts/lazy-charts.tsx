import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { FigureRow } from '../cards/metric-figures.ts';

/*
 * The charts, each fetched on first use from one lazily loaded module: the dashboard's words
 * and figures show at once and the drawings follow, and a user with no division to report on
 * never downloads them at all.
 */
const load = () => import('./metric-charts.tsx');
const LazyGauge = lazy(() => load().then((m) => ({ default: m.ShareGauge })));
const LazyStackedBar = lazy(() => load().then((m) => ({ default: m.StackedShareBar })));
const LazyBars = lazy(() => load().then((m) => ({ default: m.CategoryBars })));
const LazyDonut = lazy(() => load().then((m) => ({ default: m.CategoryDonut })));

/** A drawing for the eye: hidden from screen readers, which get its figures in words instead. */
function Drawing({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box aria-hidden sx={{ minWidth: 0, minHeight: height }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </Box>
  );
}

export function GaugeDrawing({ value, color }: { value: number | null; color: string }) {
  return (
    <Drawing height={130}>
      <LazyGauge value={value} color={color} />
    </Drawing>
  );
}

export function StackedBarDrawing({ rows }: { rows: readonly FigureRow[] }) {
  return (
    <Drawing height={44}>
      <LazyStackedBar rows={rows} />
    </Drawing>
  );
}

export function BarsDrawing({ rows }: { rows: readonly FigureRow[] }) {
  return (
    <Drawing height={rows.length * 38 + 12}>
      <LazyBars rows={rows} />
    </Drawing>
  );
}

export function DonutDrawing({ rows }: { rows: readonly FigureRow[] }) {
  return (
    <Drawing height={150}>
      <LazyDonut rows={rows} />
    </Drawing>
  );
}

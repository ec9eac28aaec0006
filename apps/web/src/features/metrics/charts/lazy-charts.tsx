import { Component, lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { FigureRow } from '../cards/metric-figures.ts';

/*
 * The charts, each fetched on first use from one lazily loaded module: the dashboard's words
 * and figures show at once and the drawings follow, and a user with no division to report on
 * never downloads them at all.
 */
const load = () => import('./metric-charts.tsx');

/**
 * Asks for the charts' chunk ahead of the first chart: the dashboard calls it as soon as it
 * knows there are divisions to draw, so the chunk arrives while the cards' figures load rather
 * than after them (grey placeholders for about 2 s after sign-in otherwise). The browser's module
 * cache makes the later lazy() calls free.
 */
export function preloadMetricCharts(): void {
  // A failed fetch is handled where a chart is drawn (WithoutDrawingOnError); nothing to do here.
  load().catch(() => undefined);
}
const LazyGauge = lazy(() => load().then((m) => ({ default: m.ShareGauge })));
const LazyStackedBar = lazy(() => load().then((m) => ({ default: m.StackedShareBar })));
const LazyBars = lazy(() => load().then((m) => ({ default: m.CategoryBars })));
const LazyDonut = lazy(() => load().then((m) => ({ default: m.CategoryDonut })));

/**
 * Leaves the drawing out when its code cannot be fetched (a deploy replaced the chunk, the
 * network dropped): the card's figures in words and its table still show, instead of the
 * failure taking the whole page down.
 */
class WithoutDrawingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A drawing for the eye: hidden from screen readers, which get its figures in words instead. */
function Drawing({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box aria-hidden sx={{ minWidth: 0, minHeight: height }}>
      <WithoutDrawingOnError>
        <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
      </WithoutDrawingOnError>
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

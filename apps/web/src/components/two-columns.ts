import type { Breakpoint } from '@mui/material/styles';

/**
 * The sx of a grid of one column on a phone and two of equal width from `from` up. Each column
 * is `minmax(0, 1fr)` so a long word wraps instead of widening its column.
 */
export function twoColumns(from: Breakpoint, gap = 2) {
  return {
    display: 'grid',
    gap,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', [from]: 'repeat(2, minmax(0, 1fr))' },
  } as const;
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { GaugeDrawing } from '../charts/lazy-charts.tsx';
import { formatPercent } from './metric-format.ts';
import { DefinitionGrid } from '../../../components/definition-grid.tsx';

/** A line under a drawing that says what it shows. */
export function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/**
 * A share as a gauge with the counts behind it underneath. The gauge is hidden from screen
 * readers, so the caption starts with the percentage for them.
 */
export function GaugeFigure({
  value,
  color,
  children,
}: {
  value: number | null;
  color: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <GaugeDrawing value={value} color={color} />
      <Caption>
        <VisuallyHidden>{`${formatPercent(value)}: `}</VisuallyHidden>
        {children}
      </Caption>
    </Box>
  );
}

/** Big figures side by side, each with what it counts: the card's answer at a glance. */
export function KeyNumbers({
  figures,
}: {
  figures: readonly { value: string; label: string; tone?: 'warning' }[];
}) {
  return (
    <DefinitionGrid
      sx={{
        gridTemplateColumns: `repeat(${figures.length}, minmax(0, 1fr))`,
        gap: 1,
      }}
    >
      {figures.map((f) => (
        <Box key={f.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontSize: 28,
              fontWeight: 600,
              lineHeight: 1.2,
              color: f.tone === 'warning' ? 'warning.dark' : 'text.primary',
            }}
          >
            {f.value}
          </Typography>
        </Box>
      ))}
    </DefinitionGrid>
  );
}

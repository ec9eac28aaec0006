import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FigureRow } from './metric-figures.ts';
import { formatCount, formatShare } from './metric-format.ts';

/**
 * The chart's key with its numbers: a colour, a name, a count and a share per category. It is
 * what a glance reads, and a real list a screen reader reads, in place of the hidden drawing.
 */
export function FigureLegend({ rows, label }: { rows: readonly FigureRow[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', rowGap: 0.5 }}
    >
      {rows.map((r) => (
        <Box
          component="li"
          key={r.key}
          sx={{
            display: 'grid',
            gridTemplateColumns: '12px 1fr auto 4.5em',
            columnGap: 1,
            alignItems: 'center',
          }}
        >
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: r.color }} />
          <Typography variant="body2">{r.label}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
            {formatCount(r.count)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            {formatShare(r.share)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface Fact {
  label: string;
  value: ReactNode;
}

interface FactListProps {
  facts: Fact[];
  labelWidth?: number;
  /** Short values (numbers, dates) keep two columns even on a phone. */
  compact?: boolean;
}

/**
 * Label and value pairs as a description list: two columns where there is room, the label
 * above its value on a phone unless the values are short.
 */
export function FactList({ facts, labelWidth = 150, compact = false }: FactListProps) {
  const columns = `${labelWidth}px minmax(0, 1fr)`;
  const stacked = !compact;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: stacked ? 'minmax(0, 1fr)' : columns, sm: columns },
        columnGap: 2,
        rowGap: { xs: stacked ? 0 : 0.25, sm: 0.5 },
        m: 0,
        typography: 'body2',
        '& dt': { color: 'text.secondary', mt: { xs: stacked ? 0.75 : 0, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

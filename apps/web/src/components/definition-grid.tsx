import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A description list (dt/dd pairs) laid out on a grid: each screen gives its columns and
 * spacing, the list itself is the same everywhere.
 */
export function DefinitionGrid({ sx, children }: { sx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box component="dl" sx={[{ m: 0, display: 'grid' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}

/**
 * The look of a detail screen's labelled facts (with the screen's columns): bold grey labels,
 * values that wrap anywhere, and a label above its value when one column is all there is.
 */
export const LABELLED_FACTS = {
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
  '& dt': { fontWeight: 600, color: 'text.secondary', mt: { xs: 1, sm: 0 } },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
} as const;

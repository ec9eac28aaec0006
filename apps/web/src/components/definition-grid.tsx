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

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A list screen's filter fields in columns of equal width: one on a phone, two on a tablet and
 * `wideColumns` from a large screen up. Fields keep their own height (a helper text under one
 * does not stretch its neighbours).
 */
export function FilterGrid({
  wideColumns,
  children,
}: {
  wideColumns: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${wideColumns}, minmax(0, 1fr))`,
        },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

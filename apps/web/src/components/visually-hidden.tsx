import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Text for screen readers only: the fuller words behind a compact visual mark. Sizes are
 * strings: in MUI's sx a bare 1 means 100%.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** A span of such text, e.g. which card a repeated "View details" button is on. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={VISUALLY_HIDDEN}>
      {children}
    </Box>
  );
}

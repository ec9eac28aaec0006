import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden.tsx';

/**
 * A report shown while the next one (another term, other days) loads: the last one stays,
 * dimmed, and "Loading…" is announced. The status is always in the page, so a screen reader
 * hears it change.
 */
export function ReportRefresh({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <>
      <Box
        role="status"
        sx={loading ? { typography: 'body2', color: 'text.secondary' } : VISUALLY_HIDDEN}
      >
        {loading ? 'Loading…' : ''}
      </Box>
      <Box aria-busy={loading || undefined} sx={{ opacity: loading ? 0.6 : 1, minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

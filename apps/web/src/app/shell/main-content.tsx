import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

export function MainContent({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** The one h1 of a page. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h1" variant="h4" gutterBottom sx={{ fontWeight: 500 }}>
      {children}
    </Typography>
  );
}

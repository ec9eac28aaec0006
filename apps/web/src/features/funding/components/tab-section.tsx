import { useId, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A region of a source's tab, named by its heading so a screen reader lists it: an h2 for the
 * tab itself, an h3 for a part of one.
 */
export function TabSection({
  heading,
  level = 'h2',
  spacing = 2,
  children,
}: {
  heading: string;
  level?: 'h2' | 'h3';
  spacing?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack spacing={spacing} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component={level} variant="h6">
        {heading}
      </Typography>
      {children}
    </Stack>
  );
}

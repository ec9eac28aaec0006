import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * One group of a course's previous adoptions ("Your adoptions", "Other adoptions"): a region
 * headed by its name and count, with "None." when it is empty. The course detail lists them to
 * view, the wizard to pick one; each draws its own items.
 */
export function PreviousAdoptionsGroup({
  heading,
  headingLevel,
  count,
  children,
}: {
  heading: string;
  headingLevel: 'h3' | 'h4';
  count: number;
  /** The list of the group's adoptions, drawn only when there is one. */
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={heading}>
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600 }}>
        {heading} ({count})
      </Typography>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None.
        </Typography>
      ) : (
        children
      )}
    </Box>
  );
}

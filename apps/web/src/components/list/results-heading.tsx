import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

interface ResultsHeadingProps {
  /** The heading's id: the list's section and grid are labelled by it. */
  id: string;
  title: string;
  /** The count (or "Loading…"), said to screen readers whenever it changes. */
  status: ReactNode;
}

/** A list's heading and, under it, how many rows it found. */
export function ResultsHeading({ id, title, status }: ResultsHeadingProps) {
  return (
    <div>
      <Typography component="h2" variant="h6" id={id}>
        {title}
      </Typography>
      <Typography role="status" variant="body2" color="text.secondary">
        {status}
      </Typography>
    </div>
  );
}

import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';

interface ResultsBarProps {
  /** How the two ends line up: a heading with a control beside it sits on their last line. */
  align?: 'center' | 'flex-end';
  children: ReactNode;
}

/**
 * A row of a list screen with its parts at both ends (a heading and a sort, a switch and a
 * clear button); on a narrow screen the second part wraps under the first.
 */
export function ResultsBar({ align = 'center', children }: ResultsBarProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: align, justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      {children}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';

interface PanelProps {
  /** The id of the panel's heading: a screen reader names the region by it. */
  labelledBy: string;
  /** A region of a screen, or one card of a list of them. */
  component?: 'section' | 'article';
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** The outlined box every panel and card of the app sits in, with its padding. */
export function Panel({ labelledBy, component = 'section', sx, children }: PanelProps) {
  return (
    <Paper
      component={component}
      variant="outlined"
      aria-labelledby={labelledBy}
      sx={[{ p: { xs: 1.5, sm: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Paper>
  );
}

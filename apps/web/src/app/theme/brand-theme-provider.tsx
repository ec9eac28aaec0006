import { useMemo } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useWebsite } from '../website/website-context.tsx';
import { createBrandTheme } from './brand-theme.ts';

export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const { config } = useWebsite();
  // Followed live: turning the system setting on or off takes effect without a reload.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createBrandTheme(config, { reducedMotion }), [config, reducedMotion]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

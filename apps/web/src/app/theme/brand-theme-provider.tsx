import { useMemo } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useWebsite } from '../../platform/website/website-context.tsx';
import { createBrandTheme } from './brand-theme.ts';

export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const { config } = useWebsite();
  const theme = useMemo(() => createBrandTheme(config), [config]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

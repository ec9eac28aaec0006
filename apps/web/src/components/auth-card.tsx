import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useWebsite } from '../platform/website/website-context.tsx';
import { siteTitleOf } from '../platform/title/document-title.ts';
import { BrandLogo } from '../platform/website/brand-logo.tsx';

/** The centred card of the pages shown without navigation (login, reset password). */
export function AuthCard({ children }: { children: ReactNode }) {
  const { website, config } = useWebsite();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2.5, sm: 4 },
          width: '100%',
          maxWidth: 480,
          borderTop: 4,
          borderTopColor: 'primary.main',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <BrandLogo
            src={config?.logo}
            siteName={website?.name ?? siteTitleOf(null)}
            height={Math.min(config?.logoHeight ?? 64, 80)}
            maxWidth={320}
          />
        </Box>
        {children}
      </Paper>
    </Box>
  );
}

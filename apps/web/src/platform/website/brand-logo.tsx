import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface BrandLogoProps {
  /** Empty when the site has no such logo: the site name is shown as text instead. */
  src: string | undefined;
  siteName: string;
  height: number;
  maxWidth: number;
}

export function BrandLogo({ src, siteName, height, maxWidth }: BrandLogoProps) {
  // Remembers which address failed, so a different logo (e.g. the minimised one) is still tried.
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src) {
    return (
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {siteName}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={siteName}
      onError={() => setFailedSrc(src)}
      sx={{ display: 'block', height, maxWidth, width: 'auto', objectFit: 'contain' }}
    />
  );
}

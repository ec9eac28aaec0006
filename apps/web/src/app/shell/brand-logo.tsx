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
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
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
      onError={() => setFailed(true)}
      sx={{ display: 'block', height, maxWidth, width: 'auto', objectFit: 'contain' }}
    />
  );
}

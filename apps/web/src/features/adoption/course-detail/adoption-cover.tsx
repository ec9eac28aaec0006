import { useState } from 'react';
import Box from '@mui/material/Box';
import BlockIcon from '@mui/icons-material/Block';
import { titleColour, titleInitials } from './cover-placeholder.ts';

const SIZE = { width: 64, height: 84 } as const;

interface AdoptionCoverProps {
  description: string;
  url: string | null;
  /** A no-text-required adoption adopts nothing, so it gets no book-like cover. */
  noMaterial?: boolean;
}

/**
 * The title's cover, or (when it has none or it fails to load) a generated cover: its initials
 * on a colour of its own, so cards stay easy to tell apart at a glance.
 */
export function AdoptionCover({ description, url, noMaterial }: AdoptionCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (noMaterial) {
    return (
      <Box
        role="img"
        aria-label="No material"
        sx={{
          ...SIZE,
          flexShrink: 0,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'grey.100',
          color: 'text.secondary',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <BlockIcon aria-hidden />
      </Box>
    );
  }
  if (url && failed !== url) {
    return (
      <Box
        component="img"
        src={url}
        alt={`Cover of ${description}`}
        onError={() => setFailed(url)}
        sx={{ ...SIZE, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'grey.200' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={`No cover image for ${description}`}
      sx={{
        ...SIZE,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: titleColour(description),
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: '1.25rem',
        letterSpacing: 1,
      }}
    >
      <span aria-hidden>{titleInitials(description)}</span>
    </Box>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { unknownPageShown } from '../lib/unknown-page.ts';

/**
 * The `prev` of an unknown-path redirect (spec §2), named in a notice the user can dismiss.
 * Shows nothing when `prev` is absent or does not look like a host and a path.
 */
export function UnknownPageNotice({ prev, pageName }: { prev: string | null; pageName: string }) {
  const shown = unknownPageShown(prev);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!shown || dismissed === shown) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ maxWidth: 720 }}
      onClose={() => setDismissed(shown)}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss this notice' } }}
    >
      Nothing is found at the address you opened, “{shown}”, so you were brought to the {pageName}.
    </Alert>
  );
}

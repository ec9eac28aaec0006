import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { unknownPageShown } from '../lib/unknown-page.ts';

/**
 * The `prev` of an unknown-path redirect (docs/behaviour/routes-and-guard.md), named in a notice the user can dismiss.
 * Shows nothing when `prev` is absent or does not look like a host and a path. Dismissing takes
 * `prev` out of the address, so a reload, Back or a copied link does not bring it back.
 */
export function UnknownPageNotice({ pageName }: { pageName: string }) {
  const [params, setParams] = useSearchParams();
  const shown = unknownPageShown(params.get('prev'));
  if (!shown) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('prev');
        return next;
      },
      { replace: true },
    );
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ maxWidth: 720 }}
      onClose={dismiss}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss this notice' } }}
    >
      Nothing is found at the address you opened, “{shown}”, so you were brought to the {pageName}.
    </Alert>
  );
}

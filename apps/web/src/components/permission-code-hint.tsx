import InfoOutlined from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ActionName } from '@csp/contracts';
import { useSession } from '../platform/session/session-context.tsx';

/**
 * Beside a message that names a permission by its plain name: the permission's code, for the
 * administrator who grants it (the permissions screens and the server's records use the code).
 * Others see the plain name only. A button, so the tooltip opens from the keyboard too.
 */
export function PermissionCodeHint({ action }: { action: ActionName }) {
  const { actions } = useSession();
  if (!actions.includes('ASSIGN_PERMISSIONS')) return null;
  const label = `Permission code: ${action}`;
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} sx={{ ml: 0.5, p: 0.25 }}>
        <InfoOutlined fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

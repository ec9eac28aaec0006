import { useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { fillPath, getImportTemplate } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';

export const TEMPLATE_LINK_TEXT = 'Download a template (.csv)';

/**
 * A format's template: its headers and two example rows, to fill in. A link, so it reads and
 * works as one; but a link cannot carry the Auth-Token header, so a click fetches the file
 * with it (lib/download-file.ts) and saves it under the server's name.
 */
export function TemplateLink({ formatId }: { formatId: string }) {
  const { userAccountId } = useCallerParams();
  const token = useSession().session?.token;
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const href = fillPath(getImportTemplate.path, { userAccountId, formatId });
  const fallbackName = `${formatId}-template.csv`;

  const download = (event: MouseEvent) => {
    event.preventDefault();
    if (!token || pending) return;
    setPending(true);
    setError(null);
    downloadFile({
      url: href,
      method: getImportTemplate.method,
      token,
      fallbackName,
      accept: 'text/csv, application/json',
    })
      .then((saved) => notify({ type: 'success', message: `Downloaded ${saved}.` }), setError)
      .finally(() => setPending(false));
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Link
        href={href}
        download={fallbackName}
        onClick={download}
        aria-disabled={pending || undefined}
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <DownloadIcon fontSize="small" aria-hidden />
        {TEMPLATE_LINK_TEXT}
      </Link>
      {error !== null && (
        <Alert severity="error" onClose={() => setError(null)}>
          Could not download the template: {errorMessage(error)}
        </Alert>
      )}
    </Stack>
  );
}

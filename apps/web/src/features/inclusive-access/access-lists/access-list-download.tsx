import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { fillPath, getIaAccessListCsv } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { useSession } from '../../../platform/session/session-context.tsx';

export const ACCESS_LIST_BUTTON_TEXT = 'Download access list (CSV)';

interface AccessListDownloadProps {
  sectionId: number;
  /** The section as the row names it ("BIO 101 – 001"): the button's name says which list. */
  sectionLabel: string;
  size?: ButtonProps['size'];
  /**
   * The button's words where room is short (a table's actions column); its accessible name
   * stays the full "Download access list (CSV) for …", which holds them.
   */
  text?: string;
}

/**
 * A program row's "Download access list (CSV)": the section's students who are in (student ID,
 * name, e-mail), fetched with the Auth-Token (a link cannot carry it: lib/download-file.ts) and
 * saved under the server's name. The button waits while the file comes; a refusal or a lost
 * connection shows below it with the server's words.
 */
export function AccessListDownload({
  sectionId,
  sectionLabel,
  size = 'small',
  text = ACCESS_LIST_BUTTON_TEXT,
}: AccessListDownloadProps) {
  const { userAccountId } = useCallerParams();
  const token = useSession().session?.token;
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const download = () => {
    if (!token || pending) return;
    setPending(true);
    setError(null);
    downloadFile({
      url: fillPath(getIaAccessListCsv.path, { userAccountId, sectionId }),
      method: getIaAccessListCsv.method,
      token,
      fallbackName: `access-list-${sectionId}.csv`,
      accept: 'text/csv, application/json',
    })
      .then((saved) => notify({ type: 'success', message: `Downloaded ${saved}.` }), setError)
      .finally(() => setPending(false));
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size={size}
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden />}
        onClick={download}
        disabled={pending || !token}
        aria-label={`${ACCESS_LIST_BUTTON_TEXT} for ${sectionLabel}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {pending ? 'Downloading…' : text}
      </Button>
      {error !== null && (
        <Alert severity="error" onClose={() => setError(null)}>
          Could not download the access list for {sectionLabel}: {errorMessage(error)}
        </Alert>
      )}
    </Stack>
  );
}

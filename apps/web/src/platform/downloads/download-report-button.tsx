import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import type { Endpoint } from '@csp/contracts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { useNotify } from '../notifications/notification-context.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useCallerParams } from '../../lib/contract-query.ts';
import { useDownloadFile } from './download-file.ts';

/** "Download .xlsx": the same report as a workbook (format=xlsx), saved under the server's name. */
export function DownloadReportButton({
  endpoint,
  query = {},
  fallbackName,
  reportName,
  disabled = false,
}: {
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  query?: Record<string, string | number>;
  fallbackName: string;
  /** Ends the button's name for screen readers: "Download .xlsx of the spending report". */
  reportName: string;
  /** The report shown is not yet the one this would download (it is loading). */
  disabled?: boolean;
}) {
  const params = useCallerParams();
  const file = useDownloadFile();
  const notify = useNotify();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={disabled || Boolean(file.pending)}
        onClick={() =>
          void file
            .download({ endpoint, params, query: { ...query, format: 'xlsx' }, fallbackName })
            .then((saved) => saved && notify({ type: 'success', message: `Downloaded ${saved}.` }))
        }
      >
        {/* The name is the visible text plus hidden words, so it starts with what is seen and
            speech input ("click Download .xlsx") finds it (WCAG 2.5.3); an aria-label would
            replace the visible text instead. */}
        {file.pending ? 'Preparing…' : 'Download .xlsx'}{' '}
        <VisuallyHidden>
          {file.pending ? `the ${reportName}` : `of the ${reportName}`}
        </VisuallyHidden>
      </Button>
      {file.error && (
        <Alert severity="error" onClose={file.clearError}>
          Could not download the {reportName}: {errorMessage(file.error)}
        </Alert>
      )}
    </Stack>
  );
}

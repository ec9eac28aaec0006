import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ImportSummary } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useApplyImport } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { applyConfirmText } from './report-format.ts';
import { plural } from '../../../lib/format.ts';

/**
 * "Apply", a confirmation saying what will be written, then the call. A second click, or a
 * click on a stale screen, cannot apply twice: the button is gone once the call is sent, the
 * call is sent once per import from here, and the server answers a repeat with the import's
 * state without doing anything twice.
 */
export function ApplyImport({ summary }: { summary: ImportSummary }) {
  const [open, setOpen] = useState(false);
  // The ref stops a second click in the same instant (the dialog is still fading out); the
  // state shows it.
  const sending = useRef<number | null>(null);
  const [sentFor, setSentFor] = useState<number | null>(null);
  const params = useCallerParams();
  const apply = useApplyImport();

  const confirm = () => {
    setOpen(false);
    if (sending.current === summary.importId) return;
    sending.current = summary.importId;
    setSentFor(summary.importId);
    apply.mutate(
      { params: { ...params, importId: summary.importId } },
      {
        onError: () => {
          sending.current = null;
          setSentFor(null);
        },
      },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        onClick={() => setOpen(true)}
        disabled={apply.isPending || sentFor === summary.importId}
      >
        Apply {plural(summary.rowsValid, 'row')}
      </Button>
      {apply.isError && (
        <Alert severity="error">
          {T.applyFailed}: {errorMessage(apply.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={open}
        title={`Apply ${summary.fileName}?`}
        message={applyConfirmText(summary)}
        confirmLabel="Apply"
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </Stack>
  );
}

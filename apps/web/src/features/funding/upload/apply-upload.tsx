import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatMoney, type AllowanceUpload, type FundingSource } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { useApplyUpload } from '../api/funding-mutations.ts';
import { plural } from '../../../lib/format.ts';

/**
 * "Apply N allowances", a confirmation saying what will be written, then one call: the ref
 * stops a second click in the same instant, and the server applies a file once anyway. A 409
 * (the source changed since the check) is shown in the server's words.
 */
export function ApplyUpload({
  upload,
  source,
}: {
  upload: AllowanceUpload;
  source: FundingSource;
}) {
  const [open, setOpen] = useState(false);
  const sending = useRef(false);
  const params = useCallerParams();
  const apply = useApplyUpload();
  const what = plural(upload.rowsValid, 'allowance');

  const confirm = () => {
    setOpen(false);
    if (sending.current) return;
    sending.current = true;
    apply.mutate(
      { params: { ...params, uploadId: upload.uploadId } },
      // Only a failure may be tried again; an applied file stays applied.
      { onError: () => (sending.current = false) },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" onClick={() => setOpen(true)} disabled={apply.isPending}>
        {apply.isPending ? 'Applying…' : `Apply ${what}`}
      </Button>
      {apply.isError && <Alert severity="error">{errorMessage(apply.error)}</Alert>}
      <ConfirmDialog
        open={open}
        title={`Apply ${upload.fileName}?`}
        message={
          <>
            This gives {what} totalling {formatMoney(upload.validCents)} from {source.name}, each
            with its voucher code. The {plural(upload.rowsRejected, 'rejected row')} are left out.
          </>
        }
        confirmLabel="Apply"
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </Stack>
  );
}

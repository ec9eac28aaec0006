import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadIaChargeFile, fillPath, type IaChargeFile } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { count, formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { useChargeFiles, useCreateChargeFile } from '../api/charge-queries.ts';
import { CreateChargeFileText } from './create-charge-file-text.tsx';

export const CREATE_CHARGE_FILE = 'Create charge file';

/** "Download file 2 (CSV)": fetched with the Auth-Token (lib/download-file.ts). */
function FileDownload({ termId, file }: { termId: number; file: IaChargeFile }) {
  const { userAccountId } = useCallerParams();
  const token = useSession().session?.token;
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: null,
  });
  const download = () => {
    if (!token || state.pending) return;
    setState({ pending: true, error: null });
    downloadFile({
      url: fillPath(downloadIaChargeFile.path, { userAccountId, termId, fileNumber: file.number }),
      method: downloadIaChargeFile.method,
      token,
      fallbackName: `ia-charges-${file.number}.csv`,
      accept: 'text/csv, application/json',
    }).then(
      () => setState({ pending: false, error: null }),
      (error: unknown) => setState({ pending: false, error }),
    );
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden />}
        onClick={download}
        disabled={state.pending || !token}
        aria-label={`Download charge file ${file.number} (CSV)`}
      >
        {state.pending ? 'Downloading…' : 'CSV'}
      </Button>
      {state.error !== null && (
        <Alert severity="error">Could not download: {errorMessage(state.error)}</Alert>
      )}
    </Stack>
  );
}

/**
 * A term's charge files (issue 32, point 4), for the term's inclusive access page and the
 * charges page: the files with their downloads, the lines students' funding allowances paid, and
 * "Create charge file" once the opt-out deadline has passed, confirmed with what it will hold.
 */
export function ChargeFilesPanel({ termId }: { termId: number }) {
  const files = useChargeFiles(termId);
  const { create, pending } = useCreateChargeFile(termId);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [made, setMade] = useState<string | null>(null);

  if (files.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <span>Loading the charge files…</span>
      </Stack>
    );
  }
  if (files.isError) {
    return (
      <LoadFailure
        title="Could not load the charge files"
        onRetry={() => void files.refetch()}
        retrying={files.isFetching}
      >
        {errorMessage(files.error)}
      </LoadFailure>
    );
  }
  const { term, funded } = files.data;
  const confirm = () => {
    setFailure(null);
    create()
      .then((answer) => {
        setAsking(false);
        setMade(
          answer.file
            ? `Charge file ${answer.file.number} made: ${count(answer.file.lineCount)} lines, ${formatMoney(answer.file.totalCents)}.`
            : 'Funding allowances paid every new line: no file for the bursar this time.',
        );
      })
      .catch(setFailure);
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {term.optOutDeadline === null
          ? 'This term has no opt-out deadline yet: set it on the term first.'
          : term.deadlinePassed
            ? `The opt-out deadline (${term.optOutDeadline}) has passed: charges can be fixed.`
            : `Charges are fixed after the opt-out deadline (${term.optOutDeadline}).`}
      </Typography>
      <div>
        <Button
          variant="contained"
          disabled={!term.deadlinePassed}
          onClick={() => {
            setMade(null);
            setAsking(true);
          }}
        >
          {CREATE_CHARGE_FILE}
        </Button>
      </div>
      <div aria-live="polite">{made && <Alert severity="success">{made}</Alert>}</div>
      {files.data.files.length === 0 ? (
        <Typography>No charge file yet for {term.termName}.</Typography>
      ) : (
        <Table size="small" aria-label={`Charge files of ${term.termName}`}>
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>Made</TableCell>
              <TableCell align="right">Lines</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Download</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.data.files.map((file) => (
              <TableRow key={file.fileId}>
                <TableCell component="th" scope="row">
                  {file.number}
                </TableCell>
                <TableCell>
                  {formatDateTime(file.createdAt)} by {file.createdByName || 'unknown'}
                </TableCell>
                <TableCell align="right">{count(file.lineCount)}</TableCell>
                <TableCell align="right">{formatMoney(file.totalCents)}</TableCell>
                <TableCell>
                  <FileDownload termId={termId} file={file} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {funded.charges.lines + funded.credits.lines > 0 && (
        <Typography variant="body2">
          Paid from funding allowances (in the ledger, in no file): {count(funded.charges.lines)}{' '}
          charges, {formatMoney(funded.charges.totalCents)}; {count(funded.credits.lines)} credits
          back, {formatMoney(funded.credits.totalCents)}.
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title={CREATE_CHARGE_FILE}
        confirmLabel={CREATE_CHARGE_FILE}
        busy={pending}
        busyLabel="Creating…"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        alert={failure !== null && <Alert severity="error">{errorMessage(failure)}</Alert>}
      >
        {asking && <CreateChargeFileText termId={termId} />}
      </ConfirmDialog>
    </Stack>
  );
}

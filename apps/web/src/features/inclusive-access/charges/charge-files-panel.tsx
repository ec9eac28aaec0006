import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortTermName } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { plural } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useChargeFiles, useCreateChargeFile } from '../api/charge-queries.ts';
import { ChargeFileList } from './charge-file-list.tsx';
import { CreateChargeFileText } from './create-charge-file-text.tsx';

export const CREATE_CHARGE_FILE = 'Create charge file';

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
            ? `Charge file ${answer.file.number} made: ${plural(answer.file.lineCount, 'line')}, ${formatMoney(answer.file.totalCents)}.`
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
            ? `The opt-out deadline (${formatDisplayDate(term.optOutDeadline)}) has passed: charges can be fixed.`
            : `Charges are fixed after the opt-out deadline (${formatDisplayDate(term.optOutDeadline)}).`}
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
        <Typography>No charge file yet for {shortTermName(term.termName)}.</Typography>
      ) : (
        <ChargeFileList
          termId={termId}
          termName={shortTermName(term.termName)}
          files={files.data.files}
        />
      )}
      {funded.charges.lines + funded.credits.lines > 0 && (
        <Typography variant="body2">
          Paid from funding allowances (in the ledger, in no file):{' '}
          {plural(funded.charges.lines, 'charge')}, {formatMoney(funded.charges.totalCents)};{' '}
          {plural(funded.credits.lines, 'credit')} back, {formatMoney(funded.credits.totalCents)}.
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

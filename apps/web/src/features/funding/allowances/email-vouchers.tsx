import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/Email';
import { getAllowances, type FundingSource } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams, useInvalidateEndpoints } from '../../../lib/contract-query.ts';
import { count, plural } from '../../../lib/format.ts';
import { useVoucherMailing } from '../api/funding-queries.ts';
import { useEmailSourceVouchers } from '../api/funding-mutations.ts';

/**
 * "E-mail vouchers": every voucher of the source not yet e-mailed goes to its student, in the
 * background, after a confirmation that says how many and who is left out (no address). While
 * they go out, a progress bar and a count; when done, what was sent and what the mail server
 * refused (those stay unsent, for the next press). The server mails each voucher once however
 * often this is pressed, here or elsewhere.
 */
export function EmailVouchersButton({ source }: { source: FundingSource }) {
  const mailing = useVoucherMailing(source.sourceId);
  const [confirming, setConfirming] = useState(false);
  const unsent = mailing.data?.unsent ?? 0;
  const sending = (mailing.data?.sending ?? 0) > 0;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EmailIcon />}
        disabled={unsent === 0 || sending}
        onClick={() => setConfirming(true)}
      >
        {sending
          ? 'E-mailing vouchers…'
          : unsent > 0
            ? `E-mail ${plural(unsent, 'voucher')}`
            : 'E-mail vouchers'}
      </Button>
      {confirming && mailing.data && (
        <ConfirmMailing
          source={source}
          unsent={unsent}
          withoutEmail={mailing.data.withoutEmail}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function ConfirmMailing({
  source,
  unsent,
  withoutEmail,
  onClose,
}: {
  source: FundingSource;
  unsent: number;
  withoutEmail: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const params = useCallerParams();
  const start = useEmailSourceVouchers();
  const send = () =>
    start.mutate(
      { params: { ...params, sourceId: source.sourceId } },
      { onSuccess: () => onClose() },
    );
  return (
    <Dialog open onClose={start.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>E-mail {plural(unsent, 'voucher')}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Each student of {source.name} whose voucher has not been e-mailed yet gets it at their
            e-mail address. Vouchers already e-mailed are not sent again.
          </DialogContentText>
          {withoutEmail > 0 && (
            <DialogContentText>
              {plural(withoutEmail, 'student has', 'students have')} no e-mail address and{' '}
              {withoutEmail === 1 ? 'is' : 'are'} left out: print{' '}
              {withoutEmail === 1 ? 'that voucher' : 'those vouchers'} instead.
            </DialogContentText>
          )}
          {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : `E-mail ${plural(unsent, 'voucher')}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * How a run of "E-mail vouchers" is going, under the toolbar: a progress bar while vouchers go
 * out, then what happened. The allowance list is refreshed when the run ends, so each row
 * shows when its voucher was e-mailed.
 */
export function VoucherMailingProgress({ sourceId }: { sourceId: number }) {
  const mailing = useVoucherMailing(sourceId);
  const invalidate = useInvalidateEndpoints();
  const sending = mailing.data?.sending ?? 0;
  const emailed = mailing.data?.emailed ?? 0;
  const unsent = mailing.data?.unsent ?? 0;
  // What was e-mailed before this run, so the count is of this run's vouchers. Kept as state
  // and adjusted while rendering when the run starts or ends (React's "information from
  // previous renders" pattern), so the numbers shown never lag a render behind.
  const [run, setRun] = useState<{ emailedBefore: number; total: number } | null>(null);
  const [finished, setFinished] = useState<{ sent: number; unsent: number } | null>(null);
  if (sending > 0 && run === null) {
    setRun({ emailedBefore: emailed, total: sending });
    setFinished(null);
  } else if (sending === 0 && run !== null) {
    setFinished({ sent: emailed - run.emailedBefore, unsent });
    setRun(null);
  }
  useEffect(() => {
    if (finished) void invalidate([getAllowances]);
  }, [finished, invalidate]);

  if (mailing.isError) {
    return (
      <Alert severity="warning">
        Could not tell how the voucher e-mails are going: {errorMessage(mailing.error)}
      </Alert>
    );
  }
  if (sending > 0) {
    const total = run?.total ?? sending;
    const done = Math.max(0, total - sending);
    return (
      <Stack spacing={0.5}>
        <Typography role="status" variant="body2">
          E-mailing vouchers: {count(done)} of {count(total)} sent…
        </Typography>
        <LinearProgress
          variant="determinate"
          value={total > 0 ? (done / total) * 100 : 0}
          aria-label="Vouchers e-mailed so far"
        />
      </Stack>
    );
  }
  if (!finished) return null;
  return (
    <Alert
      role="status"
      severity={finished.unsent > 0 ? 'warning' : 'success'}
      onClose={() => setFinished(null)}
    >
      {plural(finished.sent, 'voucher')} e-mailed.
      {finished.unsent > 0 &&
        ` ${plural(finished.unsent, 'voucher was', 'vouchers were')} not sent: the mail server refused ${finished.unsent === 1 ? 'it' : 'them'}. Try again later.`}
    </Alert>
  );
}

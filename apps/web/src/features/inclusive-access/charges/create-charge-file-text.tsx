import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IaLineTotals } from '@csp/contracts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { count, plural } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useChargePreview } from '../api/charge-queries.ts';

const lines = (t: IaLineTotals, what: string) =>
  `${plural(t.lines, what)} (${formatMoney(t.totalCents)})`;

/** The confirmation's words: what the next file will hold, from the server's preview. */
export function CreateChargeFileText({ termId }: { termId: number }) {
  const preview = useChargePreview(termId, true);
  if (preview.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <span>Counting the new lines…</span>
      </Stack>
    );
  }
  if (preview.isError) {
    return (
      <LoadFailure title="Could not count the new lines">{errorMessage(preview.error)}</LoadFailure>
    );
  }
  const p = preview.data;
  const billed = p.charges.lines + p.credits.lines;
  const funded = p.fundedCharges.lines + p.fundedCredits.lines;
  if (billed + funded === 0) {
    return <Typography>Nothing new to charge or credit: every line is already made.</Typography>;
  }
  return (
    <Stack spacing={1}>
      <Typography>
        {billed > 0
          ? `Charge file ${count(p.nextNumber)} will hold ${lines(p.charges, 'new charge')} and ${lines(p.credits, 'credit')}: ${formatMoney(p.charges.totalCents + p.credits.totalCents)} in all.`
          : 'No line goes to the bursar this time.'}
      </Typography>
      {funded > 0 && (
        <Typography>
          Funding allowances pay {lines(p.fundedCharges, 'charge')} and take back{' '}
          {lines(p.fundedCredits, 'credit')}, recorded in the ledger.
        </Typography>
      )}
      <Typography>Each line is made once: it is never in another file.</Typography>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type FundingAllowance } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import type { AllowanceActions, VouchersInFlight } from './allowance-actions.ts';
import { studentName } from './allowance-grid.tsx';

/** A voucher on its way: a spinner, and unavailable without losing the focus. */
const waiting = (busy: boolean) =>
  busy
    ? {
        'aria-disabled': true,
        startIcon: <CircularProgress size={16} aria-hidden />,
        sx: { opacity: 0.7 },
      }
    : {};

/** The phone's allowances: a card per student with its figures and buttons. */
export function AllowanceCards({
  rows,
  actions,
  inFlight,
}: {
  rows: readonly FundingAllowance[];
  actions: AllowanceActions;
  inFlight: VouchersInFlight;
}) {
  return (
    <Box component="ul" aria-label="Allowances" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => {
        const name = studentName(row);
        return (
          <Paper component="li" variant="outlined" key={row.allowanceId} sx={{ p: 1.5, mb: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {row.studentIdNum} · Voucher{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {row.voucherCode}
              </Box>
            </Typography>
            <Typography variant="body2">
              Allocated {formatMoney(row.allocatedCents)} · Spent {formatMoney(row.spentCents)} ·
              Balance {formatMoney(row.balanceCents)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              E-mailed: {row.emailedAt ? formatDisplayDate(row.emailedAt) : 'Not yet'}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
              <Button
                size="small"
                aria-label={`Change amount for ${name}`}
                onClick={() => actions.changeAmount(row)}
              >
                Change amount
              </Button>
              <Button
                size="small"
                aria-label={`Print voucher of ${name}`}
                onClick={() => actions.printVoucher(row)}
                {...waiting(inFlight.printing.has(row.allowanceId))}
              >
                Print voucher
              </Button>
              <Button
                size="small"
                aria-label={`E-mail voucher to ${name}`}
                onClick={() => actions.emailVoucher(row)}
                {...waiting(inFlight.emailing.has(row.allowanceId))}
              >
                E-mail voucher
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Box>
  );
}

import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FUNDING_KIND_LABELS, type StudentAllowance } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useMaySeeStudentFunding, useStudentFunding } from './funding-queries.ts';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { formatMoney } from '../orders/money-format.ts';
import { MoneyLines } from '../orders/money-lines.tsx';
import { ALLOWANCE_STATE_LABELS, allowanceState } from './student-funding-state.ts';

export const STUDENT_FUNDING_MESSAGES = {
  title: 'Funding',
  empty: 'No funding for this student.',
  available: (cents: number) => `Available today: ${formatMoney(cents)}`,
  anyTerm: 'Any term',
} as const;

/**
 * The student's allowances (aid, scholarships, department funds, promotions) with what each has
 * left and what it pays for, so the clerk knows before ordering what funding will cover. Only
 * for users who may see students' funding (MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING): nothing,
 * and no request, for others. The balances come from the server's ledger, never summed here.
 */
export function StudentFundingPanel({ customerId }: { customerId: number }) {
  return useMaySeeStudentFunding() ? <FundingPanel customerId={customerId} /> : null;
}

function FundingPanel({ customerId }: { customerId: number }) {
  const query = useStudentFunding(customerId);
  const data = query.data;
  return (
    <PanelSection
      title={STUDENT_FUNDING_MESSAGES.title}
      aside={
        data && data.allowances.length > 0 ? (
          <Typography sx={{ fontWeight: 700 }}>
            {STUDENT_FUNDING_MESSAGES.available(data.availableCents)}
          </Typography>
        ) : undefined
      }
    >
      {query.isPending ? (
        <PanelLoading what="the student's funding" />
      ) : query.isError ? (
        <PanelError
          what="the student's funding"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.allowances.length === 0 ? (
        <Typography color="text.secondary">{STUDENT_FUNDING_MESSAGES.empty}</Typography>
      ) : (
        <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {query.data.allowances.map((allowance) => (
            <AllowanceRow key={allowance.allowanceId} allowance={allowance} />
          ))}
        </Stack>
      )}
    </PanelSection>
  );
}

function AllowanceRow({ allowance }: { allowance: StudentAllowance }) {
  const headingId = useId();
  const state = allowanceState(allowance);
  const terms =
    allowance.termNames.length > 0
      ? allowance.termNames.join(', ')
      : STUDENT_FUNDING_MESSAGES.anyTerm;
  return (
    <Box component="article" aria-labelledby={headingId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
      >
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {allowance.sourceName}
        </Typography>
        <Chip
          size="small"
          color={state === 'usable' ? 'success' : 'default'}
          variant={state === 'usable' ? 'filled' : 'outlined'}
          label={ALLOWANCE_STATE_LABELS[state]}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {FUNDING_KIND_LABELS[allowance.kind]} · Voucher {allowance.voucherCode} · {terms}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Charges from {formatDisplayDate(allowance.chargeStartsOn)} to{' '}
        {formatDisplayDate(allowance.chargeEndsOn)}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Pays for: {allowance.eligibility}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <MoneyLines
          inline
          lines={[
            ['Allocated', formatMoney(allowance.allocatedCents)],
            ['Spent', formatMoney(allowance.spentCents)],
            ['Balance', formatMoney(allowance.balanceCents), true],
          ]}
        />
      </Box>
    </Box>
  );
}

import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, getNearExpiryReport, type nearExpiryRow } from '@csp/contracts';
import type { z } from 'zod';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useNearExpiryReport } from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { ResponsiveTable, type TableColumn } from '../components/responsive-table.tsx';
import { count, plural } from '../funding-format.ts';
import { DownloadReportButton } from './download-report-button.tsx';

type Row = z.output<typeof nearExpiryRow>;

export const EXPIRY_DAY_CHOICES = [7, 14, 30, 60, 90] as const;

function columns(rows: readonly Row[]): TableColumn<Row>[] {
  return [
    { key: 'student', label: 'Student', render: (r) => `${r.studentName} (${r.studentIdNum})` },
    { key: 'email', label: 'E-mail', render: (r) => r.email },
    { key: 'source', label: 'Source', render: (r) => r.sourceName },
    { key: 'voucher', label: 'Voucher', render: (r) => r.voucherCode },
    {
      key: 'balance',
      label: 'Unspent',
      align: 'right',
      render: (r) => formatMoney(r.balanceCents),
      total: formatMoney(rows.reduce((t, r) => t + r.balanceCents, 0)),
    },
    { key: 'ends', label: 'Window ends', render: (r) => formatDisplayDate(r.chargeEndsOn) },
    { key: 'days', label: 'Days left', align: 'right', render: (r) => count(r.daysLeft) },
  ];
}

/** Unspent allowances whose charge window ends within the days chosen, soonest first. */
export function NearExpiryReport({
  withinDays,
  onDays,
}: {
  withinDays: number;
  onDays: (days: number) => void;
}) {
  const report = useNearExpiryReport(withinDays);
  const choices: readonly number[] = EXPIRY_DAY_CHOICES.includes(
    withinDays as (typeof EXPIRY_DAY_CHOICES)[number],
  )
    ? EXPIRY_DAY_CHOICES
    : [...EXPIRY_DAY_CHOICES, withinDays].sort((a, b) => a - b);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Window ends within"
          value={withinDays}
          onChange={(event) => onDays(Number(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          {choices.map((days) => (
            <MenuItem key={days} value={days}>
              {plural(days, 'day')}
            </MenuItem>
          ))}
        </TextField>
        <DownloadReportButton
          endpoint={getNearExpiryReport}
          query={{ withinDays }}
          fallbackName="funding-near-expiry.xlsx"
          reportName="near-expiry report"
        />
      </Stack>
      {report.isPending ? (
        <PanelLoading what="the near-expiry report" />
      ) : report.isError ? (
        <FundingLoadProblem
          error={report.error}
          what="the near-expiry report"
          onRetry={() => void report.refetch()}
        />
      ) : report.data.rows.length === 0 ? (
        <Typography>No unspent allowance ends within {plural(withinDays, 'day')}.</Typography>
      ) : (
        <ResponsiveTable
          label="Unspent allowances near expiry"
          columns={columns(report.data.rows)}
          rows={report.data.rows}
          rowKey={(r) => r.allowanceId}
          totalLabel={`Total (${plural(report.data.rows.length, 'allowance')})`}
        />
      )}
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FUNDING_KIND_LABELS,
  formatMoney,
  getSpendingReport,
  type spendingRow,
} from '@csp/contracts';
import type { z } from 'zod';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { useSpendingReport } from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { ResponsiveTable, type TableColumn } from '../components/responsive-table.tsx';
import { count } from '../../../lib/format.ts';
import { DownloadReportButton } from './download-report-button.tsx';

type Row = z.output<typeof spendingRow>;

const sum = (rows: readonly Row[], pick: (row: Row) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

function columns(rows: readonly Row[]): TableColumn<Row>[] {
  return [
    { key: 'source', label: 'Source', render: (r) => r.sourceName },
    { key: 'kind', label: 'Kind', render: (r) => FUNDING_KIND_LABELS[r.kind] },
    {
      key: 'term',
      label: 'Term',
      render: (r) => (r.termName ? `${r.termName} (${r.divisionName ?? ''})` : 'No term'),
    },
    {
      key: 'charged',
      label: 'Charged',
      align: 'right',
      render: (r) => formatMoney(r.chargedCents),
      total: formatMoney(sum(rows, (r) => r.chargedCents)),
    },
    {
      key: 'refunded',
      label: 'Refunded',
      align: 'right',
      render: (r) => formatMoney(r.refundedCents),
      total: formatMoney(sum(rows, (r) => r.refundedCents)),
    },
    {
      key: 'spent',
      label: 'Spent',
      align: 'right',
      render: (r) => formatMoney(r.spentCents),
      total: formatMoney(sum(rows, (r) => r.spentCents)),
    },
    {
      key: 'orders',
      label: 'Orders',
      align: 'right',
      render: (r) => count(r.orders),
      total: count(sum(rows, (r) => r.orders)),
    },
    { key: 'students', label: 'Students', align: 'right', render: (r) => count(r.students) },
  ];
}

/** What each source spent in each term: charged, refunded, spent, with orders and students. */
export function SpendingReport() {
  const report = useSpendingReport();
  return (
    <Stack spacing={2}>
      <Typography>Charges and refunds of orders paid from funding, by source and term.</Typography>
      <DownloadReportButton
        endpoint={getSpendingReport}
        fallbackName="funding-spending.xlsx"
        reportName="spending report"
      />
      {report.isPending ? (
        <PanelLoading what="the spending report" />
      ) : report.isError ? (
        <FundingLoadProblem
          error={report.error}
          what="the spending report"
          ofSource={false}
          onRetry={() => void report.refetch()}
        />
      ) : report.data.rows.length === 0 ? (
        <Typography>No order has been paid from funding yet.</Typography>
      ) : (
        <ResponsiveTable
          label="Spending by source and term"
          columns={columns(report.data.rows)}
          rows={report.data.rows}
          rowKey={(r) => `${r.sourceId}-${r.termId ?? 'none'}`}
          totalLabel="Total"
        />
      )}
    </Stack>
  );
}

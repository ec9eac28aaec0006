import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FUNDING_KIND_LABELS,
  formatMoney,
  getSpendingReport,
  type spendingRow,
} from '@csp/contracts';
import type { z } from 'zod';
import { useSpendingReport } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import {
  ResponsiveTable,
  figureColumn,
  type TableColumn,
} from '../../../components/responsive-table.tsx';
import { count } from '../../../lib/format.ts';
import { DownloadReportButton } from '../../../platform/downloads/download-report-button.tsx';

type Row = z.output<typeof spendingRow>;

function columns(rows: readonly Row[]): TableColumn<Row>[] {
  // A figure column totalled over the rows (the report has every row on one page).
  const summed = (
    key: string,
    label: string,
    format: (value: number) => string,
    pick: (row: Row) => number,
  ) =>
    figureColumn(
      key,
      label,
      format,
      pick,
      rows.reduce((total, row) => total + pick(row), 0),
    );
  return [
    { key: 'source', label: 'Source', render: (r) => r.sourceName },
    { key: 'kind', label: 'Kind', render: (r) => FUNDING_KIND_LABELS[r.kind] },
    {
      key: 'term',
      label: 'Term',
      render: (r) => (r.termName ? `${r.termName} (${r.divisionName ?? ''})` : 'No term'),
    },
    summed('charged', 'Charged', formatMoney, (r) => r.chargedCents),
    summed('refunded', 'Refunded', formatMoney, (r) => r.refundedCents),
    summed('spent', 'Spent', formatMoney, (r) => r.spentCents),
    summed('orders', 'Orders', count, (r) => r.orders),
    figureColumn('students', 'Students', count, (r) => r.students),
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
      <FundingQueryState query={report} what="the spending report" ofSource={false}>
        {(data) =>
          data.rows.length === 0 ? (
            <Typography>No order has been paid from funding yet.</Typography>
          ) : (
            <ResponsiveTable
              label="Spending by source and term"
              columns={columns(data.rows)}
              rows={data.rows}
              rowKey={(r) => `${r.sourceId}-${r.termId ?? 'none'}`}
              totalLabel="Total"
            />
          )
        }
      </FundingQueryState>
    </Stack>
  );
}

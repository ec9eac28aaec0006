import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REPORT_PAGE_SIZE,
  formatMoney,
  getNearExpiryReport,
  type nearExpiryRow,
} from '@csp/contracts';
import type { z } from 'zod';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useNearExpiryReport } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import { PagedListFooter } from '../components/paged-list-footer.tsx';
import {
  ResponsiveTable,
  figureColumn,
  type TableColumn,
} from '../../../components/responsive-table.tsx';
import { count, plural } from '../../../lib/format.ts';
import { DownloadReportButton } from '../../../platform/downloads/download-report-button.tsx';
import { ReportRefresh } from './report-refresh.tsx';
import { usePageInRange } from './use-page-in-range.ts';

type Row = z.output<typeof nearExpiryRow>;

export const EXPIRY_DAY_CHOICES = [7, 14, 30, 60, 90] as const;

/** The columns; the unspent total is the server's, over every page. */
function columns(balanceCents: number): TableColumn<Row>[] {
  return [
    { key: 'student', label: 'Student', render: (r) => `${r.studentName} (${r.studentIdNum})` },
    { key: 'email', label: 'E-mail', render: (r) => r.email },
    { key: 'source', label: 'Source', render: (r) => r.sourceName },
    { key: 'voucher', label: 'Voucher', render: (r) => r.voucherCode },
    figureColumn('balance', 'Unspent', formatMoney, (r) => r.balanceCents, balanceCents),
    { key: 'ends', label: 'Window ends', render: (r) => formatDisplayDate(r.chargeEndsOn) },
    figureColumn('days', 'Days left', count, (r) => r.daysLeft),
  ];
}

/**
 * Unspent allowances whose charge window ends within the days chosen, soonest first, a page at
 * a time (the totals are of every page; the .xlsx holds every row). While other days or another
 * page load, the last report stays dimmed and Download waits for the report it would give.
 */
export function NearExpiryReport({
  withinDays,
  onDays,
  page,
  onPage,
}: {
  withinDays: number;
  onDays: (days: number) => void;
  page: number;
  onPage: (page: number, options?: { replace: boolean }) => void;
}) {
  const report = useNearExpiryReport(withinDays, page);
  const choices: readonly number[] = EXPIRY_DAY_CHOICES.includes(
    withinDays as (typeof EXPIRY_DAY_CHOICES)[number],
  )
    ? EXPIRY_DAY_CHOICES
    : [...EXPIRY_DAY_CHOICES, withinDays].sort((a, b) => a - b);
  const shown = report.isSuccess && !report.isPlaceholderData;
  usePageInRange(shown ? report.data : undefined, page, onPage);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 200 }}>
          <FilterSelect
            label="Window ends within"
            value={String(withinDays)}
            options={choices.map((days) => ({ value: String(days), label: plural(days, 'day') }))}
            onChange={(value) => onDays(Number(value))}
          />
        </Box>
        <DownloadReportButton
          endpoint={getNearExpiryReport}
          query={{ withinDays }}
          fallbackName="funding-near-expiry.xlsx"
          reportName="near-expiry report"
          disabled={!shown}
        />
      </Stack>
      <FundingQueryState query={report} what="the near-expiry report" ofSource={false}>
        {(data) => (
          <ReportRefresh loading={report.isPlaceholderData}>
            {data.recordCount === 0 ? (
              // The days are the ones asked for: not said of the last report while this one loads.
              !report.isPlaceholderData && (
                <Typography>
                  No unspent allowance ends within {plural(withinDays, 'day')}.
                </Typography>
              )
            ) : (
              <Stack spacing={1}>
                <ResponsiveTable
                  label="Unspent allowances near expiry"
                  columns={columns(data.balanceCents)}
                  rows={data.rows}
                  rowKey={(r) => r.allowanceId}
                  totalLabel={`Total (${plural(data.recordCount, 'allowance')})`}
                />
                <PagedListFooter
                  what="unspent allowances"
                  total={data.recordCount}
                  page={page}
                  pageSize={REPORT_PAGE_SIZE}
                  onPage={onPage}
                />
              </Stack>
            )}
          </ReportRefresh>
        )}
      </FundingQueryState>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCESS_DAY,
  REPORT_PAGE_SIZE,
  formatMoney,
  getAccessDayReport,
  getFundingSources,
  type accessDayRow,
} from '@csp/contracts';
import type { z } from 'zod';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useAccessDayReport, useFundingTerms } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import { PagedListFooter } from '../components/paged-list-footer.tsx';
import {
  ResponsiveTable,
  figureColumn,
  type TableColumn,
} from '../../../components/responsive-table.tsx';
import { count, plural } from '../../../lib/format.ts';
import { defaultReportTerm } from './default-term.ts';
import { DownloadReportButton } from '../../../platform/downloads/download-report-button.tsx';
import { ReportRefresh } from './report-refresh.tsx';
import { usePageInRange } from './use-page-in-range.ts';

type Row = z.output<typeof accessDayRow>;
type Totals = z.output<typeof getAccessDayReport.response>['totals'];

/** The columns; the totals are the server's, over every page. */
function columns(totals: Totals): TableColumn<Row>[] {
  return [
    {
      key: 'student',
      label: 'Student',
      minWidth: 200,
      render: (r) => (
        <>
          {r.studentName} ({r.studentIdNum})
          {r.email && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'sources', label: 'Aid', minWidth: 140, render: (r) => r.sourceNames.join(', ') },
    figureColumn('balance', 'Aid unspent', formatMoney, (r) => r.balanceCents, totals.balanceCents),
    figureColumn('required', 'Required', count, (r) => r.requiredCount, totals.requiredCount),
    figureColumn(
      'notOrdered',
      'Not ordered',
      count,
      (r) => r.notOrderedCount,
      totals.notOrderedCount,
    ),
    figureColumn(
      'waiting',
      'Ordered, not fulfilled',
      count,
      (r) => r.orderedNotFulfilledCount,
      totals.orderedNotFulfilledCount,
    ),
    figureColumn('fulfilled', 'Fulfilled', count, (r) => r.fulfilledCount, totals.fulfilledCount),
    {
      key: 'missing',
      label: 'Missing',
      minWidth: 280,
      render: (r) => (
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {r.missing.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </Stack>
      ),
    },
  ];
}

/**
 * The term shown: the one picked (or named by the URL) as it is, else the default, chosen once
 * the terms and the sources are in, since the sources tell which terms have aid students (see
 * defaultReportTerm). Sources that cannot load only lose that hint: the default is then the
 * term under way, rather than no report at all.
 */
function useShownTermId(
  termId: number | null,
  choices: Parameters<typeof defaultReportTerm>[0],
): { shownTermId: number | null; choosing: boolean } {
  const sources = useContractQuery(
    getFundingSources,
    { params: useCallerParams() },
    { retry: retryUnlessRefused, enabled: termId === null },
  );
  if (termId !== null) return { shownTermId: termId, choosing: false };
  if (sources.isPending) return { shownTermId: null, choosing: true };
  const term = defaultReportTerm(choices, sources.data?.sources ?? []);
  return { shownTermId: term?.termId ?? null, choosing: false };
}

/**
 * The day-7 access report: aid students of a term whose required materials are not yet all
 * ordered and fulfilled, with the term's access day and whether it has passed. It opens on the
 * term under way of a division with aid students (see defaultReportTerm), a page of students at
 * a time (the totals are of every page; the .xlsx holds every student). While another term or
 * page loads, the last report stays dimmed and Download waits: it gives the term whose report is
 * on screen, never another.
 */
export function AccessDayReport({
  termId,
  onTerm,
  page,
  onPage,
}: {
  termId: number | null;
  onTerm: (termId: number) => void;
  page: number;
  onPage: (page: number, options?: { replace: boolean }) => void;
}) {
  const terms = useFundingTerms();
  const choices = terms.data?.terms ?? [];
  const { shownTermId, choosing } = useShownTermId(termId, choices);
  const report = useAccessDayReport(shownTermId, page);
  const shown = report.isSuccess && !report.isPlaceholderData && report.data.termId === shownTermId;
  usePageInRange(shown ? report.data : undefined, page, onPage);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 240 }}>
          <FilterSelect
            label="Term"
            value={shownTermId === null ? '' : String(shownTermId)}
            options={choices.map((t) => ({
              value: String(t.termId),
              label: `${t.termName} (${t.divisionName})`,
            }))}
            onChange={(value) => onTerm(Number(value))}
            disabled={!terms.isPending && choices.length === 0}
            source={{ isLoading: terms.isPending, error: terms.error }}
          />
        </Box>
        {shownTermId !== null && (
          <DownloadReportButton
            endpoint={getAccessDayReport}
            query={{ termId: shownTermId }}
            fallbackName="funding-access-day.xlsx"
            reportName="day-7 access report"
            disabled={!shown}
          />
        )}
      </Stack>
      {shownTermId === null && terms.isSuccess && choosing ? (
        // The terms are in, the sources that tell which has aid are not yet.
        <PanelLoading what="the day-7 access report" />
      ) : shownTermId === null ? (
        // No term to show: the terms are loading, could not load, or the store has none.
        <FundingQueryState query={terms} what="the terms" ofSource={false}>
          {() => null}
        </FundingQueryState>
      ) : (
        <FundingQueryState query={report} what="the day-7 access report" ofSource={false}>
          {(data) => (
            <ReportRefresh loading={report.isPlaceholderData}>
              <Stack spacing={2}>
                <Alert severity={data.accessDayPassed ? 'warning' : 'info'}>
                  {data.termName} starts {formatDisplayDate(data.termStartsOn)}; its access day (day{' '}
                  {ACCESS_DAY}) {data.accessDayPassed ? 'was' : 'is'}{' '}
                  {formatDisplayDate(data.accessDay)}
                  {data.accessDayPassed ? ', and has passed.' : ' and has not passed yet.'}{' '}
                  {plural(data.aidStudents, 'aid student')}, {count(data.recordCount)} without all
                  their required materials.
                </Alert>
                {data.recordCount === 0 ? (
                  <Typography>
                    Every aid student of the term has their required materials.
                  </Typography>
                ) : (
                  <Stack spacing={1}>
                    <ResponsiveTable
                      label={`Aid students of ${data.termName} without their materials`}
                      columns={columns(data.totals)}
                      rows={data.rows}
                      rowKey={(r) => r.customerId}
                      totalLabel={`Total (${plural(data.recordCount, 'student')})`}
                    />
                    <PagedListFooter
                      what="aid students"
                      total={data.recordCount}
                      page={page}
                      pageSize={REPORT_PAGE_SIZE}
                      onPage={onPage}
                    />
                  </Stack>
                )}
              </Stack>
            </ReportRefresh>
          )}
        </FundingQueryState>
      )}
    </Stack>
  );
}

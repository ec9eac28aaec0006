import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_DAY, formatMoney, getAccessDayReport, type accessDayRow } from '@csp/contracts';
import type { z } from 'zod';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { useAccessDayReport, useFundingTerms } from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { ResponsiveTable, type TableColumn } from '../components/responsive-table.tsx';
import { count, plural } from '../funding-format.ts';
import { DownloadReportButton } from './download-report-button.tsx';

type Row = z.output<typeof accessDayRow>;

const total = (rows: readonly Row[], pick: (row: Row) => number) =>
  count(rows.reduce((t, r) => t + pick(r), 0));

function columns(rows: readonly Row[]): TableColumn<Row>[] {
  return [
    { key: 'student', label: 'Student', render: (r) => `${r.studentName} (${r.studentIdNum})` },
    { key: 'email', label: 'E-mail', render: (r) => r.email },
    { key: 'sources', label: 'Aid', render: (r) => r.sourceNames.join(', ') },
    {
      key: 'balance',
      label: 'Aid unspent',
      align: 'right',
      render: (r) => formatMoney(r.balanceCents),
      total: formatMoney(rows.reduce((t, r) => t + r.balanceCents, 0)),
    },
    {
      key: 'required',
      label: 'Required',
      align: 'right',
      render: (r) => count(r.requiredCount),
      total: total(rows, (r) => r.requiredCount),
    },
    {
      key: 'notOrdered',
      label: 'Not ordered',
      align: 'right',
      render: (r) => count(r.notOrderedCount),
      total: total(rows, (r) => r.notOrderedCount),
    },
    {
      key: 'waiting',
      label: 'Ordered, not fulfilled',
      align: 'right',
      render: (r) => count(r.orderedNotFulfilledCount),
      total: total(rows, (r) => r.orderedNotFulfilledCount),
    },
    {
      key: 'fulfilled',
      label: 'Fulfilled',
      align: 'right',
      render: (r) => count(r.fulfilledCount),
      total: total(rows, (r) => r.fulfilledCount),
    },
    {
      key: 'missing',
      label: 'Missing',
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
 * The day-7 access report: aid students of a term whose required materials are not yet all
 * ordered and fulfilled, with the term's access day and whether it has passed.
 */
export function AccessDayReport({
  termId,
  onTerm,
}: {
  termId: number | null;
  onTerm: (termId: number) => void;
}) {
  const terms = useFundingTerms();
  const choices = terms.data?.terms ?? [];
  // The newest term until one is chosen: the report of the term under way.
  const shownTermId = termId ?? choices[0]?.termId ?? null;
  const report = useAccessDayReport(shownTermId);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Term"
          value={shownTermId ?? ''}
          onChange={(event) => onTerm(Number(event.target.value))}
          disabled={choices.length === 0}
          helperText={
            terms.isError ? `Could not load the terms: ${terms.error.message}` : undefined
          }
          error={terms.isError}
          sx={{ minWidth: 240 }}
        >
          {choices.map((t) => (
            <MenuItem key={t.termId} value={t.termId}>
              {t.termName} ({t.divisionName})
            </MenuItem>
          ))}
        </TextField>
        {shownTermId !== null && (
          <DownloadReportButton
            endpoint={getAccessDayReport}
            query={{ termId: shownTermId }}
            fallbackName="funding-access-day.xlsx"
            reportName="day-7 access report"
          />
        )}
      </Stack>
      {shownTermId === null ? (
        terms.isPending ? (
          <PanelLoading what="the terms" />
        ) : (
          terms.isError && (
            <FundingLoadProblem
              error={terms.error}
              what="the terms"
              onRetry={() => void terms.refetch()}
            />
          )
        )
      ) : report.isPending ? (
        <PanelLoading what="the day-7 access report" />
      ) : report.isError ? (
        <FundingLoadProblem
          error={report.error}
          what="the day-7 access report"
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <Alert severity={report.data.accessDayPassed ? 'warning' : 'info'}>
            {report.data.termName} starts {formatDisplayDate(report.data.termStartsOn)}; its access
            day (day {ACCESS_DAY}) {report.data.accessDayPassed ? 'was' : 'is'}{' '}
            {formatDisplayDate(report.data.accessDay)}
            {report.data.accessDayPassed ? ', and has passed.' : ' and has not passed yet.'}{' '}
            {plural(report.data.aidStudents, 'aid student')}, {count(report.data.rows.length)}{' '}
            without all their required materials.
          </Alert>
          {report.data.rows.length === 0 ? (
            <Typography>Every aid student of the term has their required materials.</Typography>
          ) : (
            <ResponsiveTable
              label={`Aid students of ${report.data.termName} without their materials`}
              columns={columns(report.data.rows)}
              rows={report.data.rows}
              rowKey={(r) => r.customerId}
              totalLabel={`Total (${plural(report.data.rows.length, 'student')})`}
            />
          )}
        </>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportIssue } from '@csp/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { ISSUES_PAGE_SIZE, useImportIssues } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { count } from '../../../lib/format.ts';

const shownValue = (value: string) => (value === '' ? '(empty)' : value);
/** A warning's reason says the row went in all the same. */
const whyText = (issue: ImportIssue) => (issue.warning ? `${issue.message} ${T.valueLeftOut}` : issue.message);

/**
 * The rejected rows, a page at a time from the server (it keeps the first 10,000): the row's
 * line in the file as a spreadsheet numbers it, the column, what it held and why it was refused.
 */
export function RejectedRows(props: { importId: number; phone: boolean; label: string }) {
  const { importId, phone, label } = props;
  const [page, setPage] = useState(0);
  const issues = useImportIssues(importId, page);
  if (issues.isPending) return <PanelLoading what={T.rejectedRowsLoading} />;
  if (issues.isError) {
    return (
      <PanelError
        what={T.rejectedRowsLoading}
        error={issues.error}
        onRetry={() => void issues.refetch()}
      />
    );
  }
  const { total } = issues.data;
  if (total === 0) return null;
  return (
    <Box sx={{ opacity: issues.isPlaceholderData ? 0.6 : 1 }}>
      {issues.isFetching && <LinearProgress aria-label={`Loading ${T.rejectedRowsLoading}`} />}
      {phone ? (
        <IssueList issues={issues.data.issues} label={label} />
      ) : (
        <IssueTable issues={issues.data.issues} label={label} />
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={ISSUES_PAGE_SIZE}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to }) => `${count(from)}–${count(to)} of ${count(total)}`}
        slotProps={{
          actions: {
            previousButton: { 'aria-label': `Previous page of ${label.toLowerCase()}` },
            nextButton: { 'aria-label': `Next page of ${label.toLowerCase()}` },
          },
        }}
      />
    </Box>
  );
}

function IssueTable({ issues, label }: { issues: readonly ImportIssue[]; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell align="right">Row</TableCell>
          <TableCell>Column</TableCell>
          <TableCell>Value</TableCell>
          <TableCell>Why</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {issues.map((issue, index) => (
          <TableRow key={`${issue.rowNumber}-${issue.column}-${index}`}>
            <TableCell align="right">{count(issue.rowNumber)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {issue.column || 'Whole row'}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
              {shownValue(issue.value)}
            </TableCell>
            <TableCell>{whyText(issue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function IssueList({ issues, label }: { issues: readonly ImportIssue[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {issues.map((issue, index) => (
        <Box
          component="li"
          key={`${issue.rowNumber}-${issue.column}-${index}`}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Row {count(issue.rowNumber)}
            {issue.column && (
              <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 400 }}>
                {' '}
                · {issue.column}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Value: {shownValue(issue.value)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {whyText(issue)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

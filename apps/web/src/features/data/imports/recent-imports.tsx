import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '@csp/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import type { useImports } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { ImportStatusChip } from '../report/import-status-chip.tsx';
import { rowCountsText } from '../report/report-format.ts';
import { formatDateTime } from '../../../lib/format.ts';

interface RecentImportsProps {
  imports: ReturnType<typeof useImports>;
  selectedId: number | null;
  phone: boolean;
  /** A report link was followed (its report takes the focus). */
  onOpen: () => void;
}

const reportHref = (summary: ImportSummary) => `/data-summary?import=${summary.importId}`;

/** The store's imports, newest first, each opening its report. */
export function RecentImports({ imports, selectedId, phone, onOpen }: RecentImportsProps) {
  if (imports.isPending) return <PanelLoading what={T.recentLoading} />;
  if (imports.isError) {
    return (
      <PanelError what={T.recentLoading} error={imports.error} onRetry={() => void imports.refetch()} />
    );
  }
  const list = imports.data.imports;
  if (list.length === 0) return <Typography color="text.secondary">{T.noImports}</Typography>;
  return phone ? (
    <ImportCards list={list} selectedId={selectedId} onOpen={onOpen} />
  ) : (
    <ImportTable list={list} selectedId={selectedId} onOpen={onOpen} />
  );
}

interface ListProps {
  list: readonly ImportSummary[];
  selectedId: number | null;
  onOpen: () => void;
}

interface ReportLinkProps {
  summary: ImportSummary;
  selected: boolean;
  onOpen: () => void;
}

function ReportLink({ summary, selected, onOpen }: ReportLinkProps) {
  return (
    <Link
      component={RouterLink}
      to={reportHref(summary)}
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      sx={{ fontWeight: selected ? 700 : undefined, overflowWrap: 'anywhere' }}
    >
      {summary.fileName}
      <VisuallyHidden>, {T.viewReport.toLowerCase()}</VisuallyHidden>
    </Link>
  );
}

function ImportTable({ list, selectedId, onOpen }: ListProps) {
  return (
    <Table size="small" aria-label={T.recentHeading}>
      <TableHead>
        <TableRow>
          <TableCell>File</TableCell>
          <TableCell>Uploaded</TableCell>
          <TableCell>Format</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Rows</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((summary) => (
          <TableRow key={summary.importId} selected={summary.importId === selectedId}>
            <TableCell component="th" scope="row">
              <ReportLink
                summary={summary}
                selected={summary.importId === selectedId}
                onOpen={onOpen}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(summary.createdAt)}
              <Typography variant="body2" color="text.secondary">
                {summary.createdByName}
              </Typography>
            </TableCell>
            <TableCell>
              {summary.formatName}
              {summary.divisionName && (
                <Typography variant="body2" color="text.secondary">
                  {summary.divisionName}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <ImportStatusChip status={summary.status} />
            </TableCell>
            <TableCell>{rowCountsText(summary)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ImportCards({ list, selectedId, onOpen }: ListProps) {
  return (
    <Box component="ul" aria-label={T.recentHeading} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {list.map((summary) => (
        <Box
          component="li"
          key={summary.importId}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}
        >
          <ReportLink
                summary={summary}
                selected={summary.importId === selectedId}
                onOpen={onOpen}
              />
          <Box sx={{ my: 0.5 }}>
            <ImportStatusChip status={summary.status} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(summary.createdAt)} by {summary.createdByName} · {summary.formatName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {rowCountsText(summary)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

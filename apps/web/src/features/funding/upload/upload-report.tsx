import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Panel } from '../../../components/panel.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type AllowanceUpload, type FundingSource } from '@csp/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table.tsx';
import { count, formatDateTime } from '../../../lib/format.ts';
import { ApplyUpload } from './apply-upload.tsx';
import { UploadIssues } from './upload-issues.tsx';
import { UploadStatusChip } from './upload-status-chip.tsx';

type Reason = AllowanceUpload['reasons'][number];

const REASON_COLUMNS: TableColumn<Reason>[] = [
  { key: 'column', label: 'Column', render: (r) => r.column || 'Whole row' },
  { key: 'message', label: 'Reason', render: (r) => r.message },
  { key: 'rows', label: 'Rows', align: 'right', render: (r) => count(r.rows) },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * A file's report: what was read, what is valid and what it adds up to against the budget left,
 * why rows were rejected and which; then apply, or what applying did. Its heading takes the
 * focus when it appears, so a keyboard user continues from the report.
 */
export function UploadReport({
  upload,
  source,
}: {
  upload: AllowanceUpload;
  source: FundingSource;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [upload.uploadId]);
  // Applying removes the Apply button that had the focus: the focus moves to what applying did,
  // rather than falling to the page. A report opened already applied keeps it on its heading.
  const applied = useRef<HTMLDivElement>(null);
  const seenStatus = useRef(upload.status);
  useEffect(() => {
    if (seenStatus.current !== 'APPLIED' && upload.status === 'APPLIED') applied.current?.focus();
    seenStatus.current = upload.status;
  }, [upload.status]);
  const overBudget = upload.validCents > upload.remainingCents;
  return (
    <Panel labelledBy={headingId}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography
            id={headingId}
            ref={heading}
            tabIndex={-1}
            component="h3"
            variant="h6"
            sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
          >
            Report: {upload.fileName}
          </Typography>
          <UploadStatusChip status={upload.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Checked {formatDateTime(upload.createdAt)} by {upload.createdByName}
        </Typography>
        {upload.errorMessage && <Alert severity="error">{upload.errorMessage}</Alert>}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          <Figure label="Rows read" value={count(upload.rowsRead)} />
          <Figure label="Valid" value={count(upload.rowsValid)} />
          <Figure label="Rejected" value={count(upload.rowsRejected)} />
          <Figure label="Total of valid amounts" value={formatMoney(upload.validCents)} />
          <Figure label="Budget left" value={formatMoney(upload.remainingCents)} />
        </Box>
        {overBudget && upload.status === 'CHECKED' && (
          <Alert severity="warning">The valid amounts add up to more than the budget left.</Alert>
        )}
        {upload.reasons.length > 0 && (
          <ResponsiveTable
            label="Why rows were rejected"
            columns={REASON_COLUMNS}
            rows={upload.reasons}
            rowKey={(r) => `${r.column}-${r.message}`}
          />
        )}
        <UploadIssues upload={upload} />
        {upload.status === 'APPLIED' ? (
          <Alert severity="success" ref={applied} tabIndex={-1}>
            Applied{upload.appliedAt ? ` ${formatDateTime(upload.appliedAt)}` : ''}
            {upload.appliedByName ? ` by ${upload.appliedByName}` : ''}: {count(upload.rowsValid)}{' '}
            allowances written.
          </Alert>
        ) : (
          upload.status === 'CHECKED' &&
          upload.rowsValid > 0 && <ApplyUpload upload={upload} source={source} />
        )}
      </Stack>
    </Panel>
  );
}

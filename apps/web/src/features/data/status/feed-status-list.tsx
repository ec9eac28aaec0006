import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DATA_FEED_LABELS,
  IMPORT_STATUS_LABELS,
  type DataFeed,
  type ImportSummary,
} from '@csp/contracts';
import { ImportStatusChip } from '../report/import-status-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { rowCountsText } from '../report/report-format.ts';
import { DATA_TEXT as T } from '../data-messages.ts';

export interface FeedStatus {
  feed: DataFeed;
  /** The newest upload, whatever became of it. */
  lastImport: ImportSummary | null;
  /** The newest applied import: what the store's data of the feed is from. */
  lastApplied: ImportSummary | null;
}

/**
 * Each feed the store keeps its data from: the import its data is from (the last one applied)
 * and, apart, a newer upload and its state (checked and waiting, failed, expired), so a failed
 * upload never hides what the store holds.
 */
export function FeedStatusList({ feeds }: { feeds: readonly FeedStatus[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {feeds.map(({ feed, lastImport, lastApplied }) => {
        const newer = lastImport && lastImport.importId !== lastApplied?.importId ? lastImport : null;
        return (
          <Paper key={feed} component="li" variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
            >
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {DATA_FEED_LABELS[feed]}
              </Typography>
              {lastImport && <ImportStatusChip status={lastImport.status} />}
            </Stack>
            {lastApplied && <AppliedImport summary={lastApplied} />}
            {newer && <NewerUpload summary={newer} applied={lastApplied !== null} />}
            {!lastImport && !lastApplied && <NoImport />}
          </Paper>
        );
      })}
    </Box>
  );
}

function NoImport() {
  return (
    <Typography variant="body2" color="text.secondary">
      {T.noImportYet}
    </Typography>
  );
}

function FileLine({ summary }: { summary: ImportSummary }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {summary.fileName}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {' '}
        ({summary.formatName}
        {summary.divisionName ? `, ${summary.divisionName}` : ''})
      </Box>
    </Typography>
  );
}

/** The import the store's data of the feed is from. */
function AppliedImport({ summary }: { summary: ImportSummary }) {
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
      <Typography variant="body2">
        <strong>{T.lastApplied}</strong>{' '}
        {summary.appliedAt ? formatDateTime(summary.appliedAt) : ''} by {summary.createdByName}
      </Typography>
      <FileLine summary={summary} />
      <Typography variant="body2" color="text.secondary">
        {rowCountsText(summary)}
      </Typography>
    </Stack>
  );
}

/** An upload newer than the last apply: waiting to be applied, or what stopped it. */
function NewerUpload({ summary, applied }: { summary: ImportSummary; applied: boolean }) {
  const failed = ['FAILED', 'INVALID', 'EXPIRED'].includes(summary.status);
  return (
    <Stack
      spacing={0.5}
      sx={applied ? { mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' } : { mt: 0.5 }}
    >
      <Typography variant="body2">
        <strong>{T.latestUpload}</strong> {formatDateTime(summary.createdAt)} by{' '}
        {summary.createdByName}: {IMPORT_STATUS_LABELS[summary.status].toLowerCase()}
      </Typography>
      <FileLine summary={summary} />
      {summary.status === 'VALIDATED' && (
        <Typography variant="body2" color="text.secondary">
          {`${T.ifApplied} `}
          {rowCountsText(summary)}
        </Typography>
      )}
      {failed && summary.errorMessage && (
        <Alert severity={summary.status === 'EXPIRED' ? 'info' : 'error'} variant="outlined" sx={{ py: 0 }}>
          {summary.errorMessage}
        </Alert>
      )}
    </Stack>
  );
}

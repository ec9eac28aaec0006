import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_FEED_LABELS, type DataFeed, type ImportSummary } from '@csp/contracts';
import { ImportStatusChip } from '../report/import-status-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { rowCountsText } from '../report/report-format.ts';
import { DATA_TEXT as T } from '../data-messages.ts';

export interface FeedStatus {
  feed: DataFeed;
  lastImport: ImportSummary | null;
}

/** Each feed the store keeps its data from, with the last file imported into it. */
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
      {feeds.map(({ feed, lastImport }) => (
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
          {lastImport ? <LastImport summary={lastImport} /> : <NoImport />}
        </Paper>
      ))}
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

function LastImport({ summary }: { summary: ImportSummary }) {
  const failed = summary.status === 'FAILED' || summary.status === 'INVALID';
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
      <Typography variant="body2">
        {summary.status === 'APPLIED' && summary.appliedAt
          ? `Applied ${formatDateTime(summary.appliedAt)}`
          : `Uploaded ${formatDateTime(summary.createdAt)}`}{' '}
        by {summary.createdByName}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {summary.fileName}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          ({summary.formatName}
          {summary.divisionName ? `, ${summary.divisionName}` : ''})
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary.status === 'VALIDATED' && `${T.ifApplied} `}
        {rowCountsText(summary)}
      </Typography>
      {failed && summary.errorMessage && (
        <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
          {summary.errorMessage}
        </Alert>
      )}
    </Stack>
  );
}

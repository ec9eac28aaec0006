import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAllowanceUploads } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import { count, formatDateTime } from '../../../lib/format.ts';
import { TabSection } from '../components/tab-section.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { UploadStatusChip } from './upload-status-chip.tsx';

/** The source's allowance files, newest first; each opens its report. */
export function UploadHistory({
  sourceId,
  shownId,
  onShow,
}: {
  sourceId: number;
  shownId: number | null;
  onShow: (uploadId: number) => void;
}) {
  const uploads = useAllowanceUploads(sourceId);
  return (
    <TabSection heading={T.earlierFiles} level="h3" spacing={1}>
      <FundingQueryState query={uploads} what="the earlier files">
        {(data) =>
          data.uploads.length === 0 ? (
            <Typography variant="body2">{T.noEarlierFiles}</Typography>
          ) : (
            <Box component="ul" aria-label={T.earlierFiles} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {data.uploads.map((u) => (
                <Box
                  component="li"
                  key={u.uploadId}
                  sx={{
                    py: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1,
                    alignItems: 'center',
                  }}
                >
                  <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Typography component="p" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                      {u.fileName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(u.createdAt)} by {u.createdByName} · {count(u.rowsValid)}{' '}
                      valid · {count(u.rowsRejected)} rejected
                    </Typography>
                  </Box>
                  <UploadStatusChip status={u.status} />
                  <Button
                    size="small"
                    onClick={() => onShow(u.uploadId)}
                    disabled={shownId === u.uploadId}
                    aria-label={`Show the report of ${u.fileName}, ${formatDateTime(u.createdAt)}`}
                  >
                    {shownId === u.uploadId ? 'Shown' : 'Show report'}
                  </Button>
                </Box>
              ))}
            </Box>
          )
        }
      </FundingQueryState>
    </TabSection>
  );
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_FEED_LABELS } from '@csp/contracts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { hasAnyAction } from '../../../lib/actions.ts';
import { useDataStatus } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { ImportStatusChip } from '../report/import-status-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * The data integration status at a glance (docs/behaviour/roles.md, DATA_FULL_REPORTER or DATA_MANAGER): each
 * feed's last import and its status. A data manager gets the way to the Data Summary.
 */
export function DataIntegrationPanel() {
  const status = useDataStatus();
  const manager = hasAnyAction(useSession().actions, ['DATA_MANAGER']);
  return (
    <PanelSection
      title={T.panelHeading}
      aside={
        manager && (
          <Link component={RouterLink} to="/data-summary" variant="body2">
            {T.openDataSummary}
          </Link>
        )
      }
    >
      {status.isPending && <PanelLoading what={T.statusLoading} />}
      {status.isError && (
        <PanelError what={T.statusLoading} error={status.error} onRetry={() => void status.refetch()} />
      )}
      {status.data && (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {status.data.feeds.map(({ feed, lastImport, lastApplied }) => (
            <Stack
              component="li"
              key={feed}
              direction="row"
              sx={{
                py: 0.75,
                gap: 1,
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { border: 0 },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {DATA_FEED_LABELS[feed]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {/* When the store's data is from; the chip says what became of a newer upload. */}
                  {lastApplied?.appliedAt
                    ? `Applied ${formatDateTime(lastApplied.appliedAt)}`
                    : lastImport
                      ? `Uploaded ${formatDateTime(lastImport.createdAt)}`
                      : T.noImportYet}
                </Typography>
              </Box>
              {lastImport && <ImportStatusChip status={lastImport.status} />}
            </Stack>
          ))}
        </Box>
      )}
    </PanelSection>
  );
}

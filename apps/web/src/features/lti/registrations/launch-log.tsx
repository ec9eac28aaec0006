import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LtiLaunchLogEntry } from '@csp/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLtiLaunches } from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

/** The store's recent launches and refusals: when, which platform, what happened and why. */
export function LaunchLog() {
  const query = useLtiLaunches();
  return (
    <Box component="section" aria-labelledby="lti-launches-title">
      <Typography id="lti-launches-title" component="h3" variant="subtitle1">
        {T.launchesTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.launchesIntro}
      </Typography>
      {query.data ? (
        query.data.launches.length === 0 ? (
          <Typography>{T.launchesNone}</Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {query.data.launches.map((launch) => (
              <LaunchEntry key={launch.launchId} launch={launch} />
            ))}
          </Stack>
        )
      ) : query.isError ? (
        <PanelError
          what={T.launchesLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PanelLoading what={T.launchesLoading} />
      )}
    </Box>
  );
}

function LaunchEntry({ launch }: { launch: LtiLaunchLogEntry }) {
  const refused = launch.outcome === 'REFUSED';
  const what = [launch.registrationName, launch.role?.toLowerCase(), launch.contextLabel]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          size="small"
          label={refused ? T.refused : T.launched}
          color={refused ? 'error' : 'success'}
          variant="outlined"
        />
        <Typography variant="body2">{formatDateTime(launch.at)}</Typography>
        {what && (
          <Typography variant="body2" color="text.secondary">
            {what}
          </Typography>
        )}
      </Stack>
      {launch.reasonText && <Typography variant="body2">{launch.reasonText}</Typography>}
      {launch.detail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {launch.detail}
        </Typography>
      )}
    </Box>
  );
}

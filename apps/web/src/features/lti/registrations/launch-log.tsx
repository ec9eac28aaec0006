import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ltiLaunchPersonLabel, type LtiLaunchLogEntry } from '@csp/contracts';
import { SearchField } from '../../../components/list/search-field.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLtiLaunches } from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

/** Long unbroken text (a user name, a platform's id for its user) wraps on a phone. */
const WRAPS = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** What "Find a person or course" looks through: who launched, and both names of the course. */
function matchesFind(launch: LtiLaunchLogEntry, find: string): boolean {
  const said = [
    launch.person && ltiLaunchPersonLabel(launch.person),
    launch.sectionLabel,
    launch.contextLabel,
  ];
  return said.some((text) => text?.toLowerCase().includes(find));
}

/**
 * The store's recent launches and refusals: when, which platform, who, which course, what
 * happened and why. The find box filters the rows already here (the last LTI_LOG_LIMIT): it
 * asks the server nothing, so it costs no query however long the log is.
 */
export function LaunchLog() {
  const query = useLtiLaunches();
  const [find, setFind] = useState('');
  const launches = query.data?.launches ?? [];
  const needle = find.toLowerCase();
  const shown = needle ? launches.filter((launch) => matchesFind(launch, needle)) : launches;
  return (
    <Box component="section" aria-labelledby="lti-launches-title">
      <Typography id="lti-launches-title" component="h3" variant="subtitle1">
        {T.launchesTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.launchesIntro}
      </Typography>
      {query.data ? (
        launches.length === 0 ? (
          <Typography>{T.launchesNone}</Typography>
        ) : (
          <Stack spacing={1}>
            <SearchField label={T.launchesFind} value={find} onSearch={setFind} />
            <Typography role="status" variant="body2" color="text.secondary" sx={WRAPS}>
              {!find
                ? ''
                : shown.length === 0
                  ? T.launchesNoMatch(find)
                  : T.launchesMatching(shown.length, launches.length)}
            </Typography>
            <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {shown.map((launch) => (
                <LaunchEntry key={launch.launchId} launch={launch} />
              ))}
            </Stack>
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
          <Typography variant="body2" color="text.secondary" sx={WRAPS}>
            {what}
          </Typography>
        )}
      </Stack>
      {launch.person && (
        <Typography variant="body2" sx={{ ...WRAPS, fontWeight: 500 }}>
          {ltiLaunchPersonLabel(launch.person)}
        </Typography>
      )}
      {launch.sectionLabel && (
        <Typography variant="body2" sx={WRAPS}>
          {T.launchCourse(launch.sectionLabel)}
        </Typography>
      )}
      {launch.reasonText && <Typography variant="body2">{launch.reasonText}</Typography>}
      {launch.detail && (
        <Typography variant="body2" color="text.secondary" sx={WRAPS}>
          {launch.detail}
        </Typography>
      )}
    </Box>
  );
}

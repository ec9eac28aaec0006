import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { Panel } from '../../../components/panel.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FundingSource } from '@csp/contracts';
import { FundingBar } from './funding-bar.tsx';
import { SourceFacts } from './source-facts.tsx';
import { SourceStateChip } from './source-state-chip.tsx';

export const sourcePath = (sourceId: number) => `/funding-management/sources/${sourceId}`;

/** One source of the list: its name (the link to it), state, facts and budget bar. */
export function SourceCard({ source }: { source: FundingSource }) {
  const headingId = useId();
  return (
    <Panel labelledBy={headingId} component="article" sx={{ height: '100%' }}>
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          sx={{
            justifyContent: 'space-between',
            alignItems: 'flex-start',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={sourcePath(source.sourceId)}>
              {source.name}
            </Link>
          </Typography>
          <SourceStateChip state={source.state} />
        </Stack>
        <SourceFacts source={source} />
        <FundingBar figures={source.figures} />
      </Stack>
    </Panel>
  );
}

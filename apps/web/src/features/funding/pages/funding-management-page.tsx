import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { useFundingSources } from '../api/funding-queries.ts';
import { FundingLoadProblem, isRefusal } from '../components/funding-problems.tsx';
import { SourceCard, sourcePath } from '../components/source-card.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { SourceFormDialog } from '../source-form/source-form-dialog.tsx';
import { twoColumns } from '../../../components/two-columns.ts';

/** /funding-management: the store's funding sources, each with its budget bar. */
export function FundingManagementPage() {
  const sources = useFundingSources();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const refused = sources.isError && isRefusal(sources.error);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeading>{T.pageTitle}</PageHeading>
      {!refused && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {T.newSource}
          </Button>
          <Button
            component={RouterLink}
            to="/funding-management/reports"
            variant="outlined"
            startIcon={<AssessmentIcon />}
          >
            Reports
          </Button>
        </Stack>
      )}
      {sources.isPending ? (
        <PanelLoading what={T.sourcesLoading} />
      ) : sources.isError ? (
        <FundingLoadProblem
          error={sources.error}
          what={T.sourcesLoading}
          onRetry={() => void sources.refetch()}
        />
      ) : sources.data.sources.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>{T.noSources}</Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          aria-label="Funding sources"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            ...twoColumns('lg'),
          }}
        >
          {sources.data.sources.map((source) => (
            <li key={source.sourceId}>
              <SourceCard source={source} />
            </li>
          ))}
        </Box>
      )}
      {creating && (
        <SourceFormDialog
          onClose={() => setCreating(false)}
          onSaved={(source) => {
            setCreating(false);
            void navigate(sourcePath(source.sourceId));
          }}
        />
      )}
    </Stack>
  );
}

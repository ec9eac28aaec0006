import { useState } from 'react';
import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { useNotify } from '../../../platform/notifications/notification-context.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { useFundingSource } from '../api/funding-queries.ts';
import { FundingBar } from '../components/funding-bar.tsx';
import { FundingBreadcrumbs } from '../components/funding-breadcrumbs.tsx';
import { FundingLoadProblem, SourceNotFound } from '../components/funding-problems.tsx';
import { SourceFacts } from '../components/source-facts.tsx';
import { SourceStateChip } from '../components/source-state-chip.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { SourceFormDialog } from '../source-form/source-form-dialog.tsx';
import { SourceTabs } from './source-tabs.tsx';

/** A source id from the URL; anything else names no source. */
function sourceIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /funding-management/sources/:sourceId: a source, its figures, and its tabs. */
export function FundingSourcePage() {
  const sourceId = sourceIdOf(useParams().sourceId);
  if (sourceId === null) {
    return (
      <Stack spacing={2}>
        <FundingBreadcrumbs current={T.sourceTitle} />
        <PageHeading>{T.sourceTitle}</PageHeading>
        <SourceNotFound />
      </Stack>
    );
  }
  return <FundingSourceView sourceId={sourceId} />;
}

function FundingSourceView({ sourceId }: { sourceId: number }) {
  const source = useFundingSource(sourceId);
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  if (source.isPending) return <PanelLoading what={T.sourceLoading} />;
  if (source.isError) {
    return (
      <Stack spacing={2}>
        <FundingBreadcrumbs current={T.sourceTitle} />
        <PageHeading>{T.sourceTitle}</PageHeading>
        <FundingLoadProblem
          error={source.error}
          what={T.sourceLoading}
          onRetry={() => void source.refetch()}
        />
      </Stack>
    );
  }
  const data = source.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, minWidth: 0 }}>
      <FundingBreadcrumbs current={data.name} />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
      >
        <div>
          <PageHeading>{data.name}</PageHeading>
          <SourceStateChip state={data.state} />
        </div>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {T.editSource}
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Figures" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <FundingBar figures={data.figures} />
          <SourceFacts source={data} full />
        </Stack>
      </Paper>
      <SourceTabs source={data} />
      {editing && (
        <SourceFormDialog
          source={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ type: 'success', message: 'The source is saved.' });
          }}
          onReload={async () => (await source.refetch()).data}
        />
      )}
    </Stack>
  );
}

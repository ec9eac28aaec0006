import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { RolloverForm } from '../rollover/rollover-form.tsx';
import { RolloverPreviewView } from '../rollover/rollover-preview.tsx';
import {
  useRolloverChoices,
  useRolloverPreview,
  type RolloverChoice,
} from '../rollover/rollover-queries.ts';
import { ROLLOVER_TEXT as T } from '../rollover/rollover-text.ts';
import { UnconfirmedPanel } from '../rollover/unconfirmed-panel.tsx';

/**
 * Rollover by the store (issue 30, point 4): the course materials team previews carrying an
 * earlier term's adoptions into a coming one, applies it (proposals the instructors confirm),
 * and follows the proposals not confirmed yet. Only for MANAGE_ADOPTION_CAMPAIGNS (the route's
 * guard); the server narrows everything to the caller's divisions.
 */
export function RolloverPage() {
  const choices = useRolloverChoices();
  const [choice, setChoice] = useState<RolloverChoice | null>(null);
  const divisions = choices.data?.divisions;
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 1200 }}>
      <div>
        <PageHeading>{T.pageTitle}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {divisions ? (
        divisions.length === 0 ? (
          <Alert severity="info">{T.noDivisions}</Alert>
        ) : (
          <RolloverForm divisions={divisions} onPreview={setChoice} />
        )
      ) : choices.isError ? (
        failureStatus(choices.error) === 403 ? (
          <LoadFailure severity="warning" title="Not available">
            {choices.error.message}
          </LoadFailure>
        ) : (
          <PanelError
            what={T.loadingChoices}
            error={choices.error}
            onRetry={() => void choices.refetch()}
          />
        )
      ) : (
        <PanelLoading what={T.loadingChoices} />
      )}
      {choice && <PreviewPanel choice={choice} />}
      {choice && <UnconfirmedPanel key={JSON.stringify(choice)} choice={choice} />}
    </Stack>
  );
}

function PreviewPanel({ choice }: { choice: RolloverChoice }) {
  const preview = useRolloverPreview(choice);
  const data = preview.data;
  return (
    <PanelSection
      title={
        data
          ? T.previewTitle(data.sourceTerm?.termName ?? null, data.targetTerm.termName)
          : T.preview
      }
    >
      {data ? (
        <RolloverPreviewView key={JSON.stringify(choice)} preview={data} choice={choice} />
      ) : preview.isError ? (
        <PanelError
          what={T.loadingPreview}
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <PanelLoading what={T.loadingPreview} />
      )}
    </PanelSection>
  );
}

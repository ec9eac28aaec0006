import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLLOVER_STATE_LABELS, type RolloverPreview } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PreviewTable } from './preview-table.tsx';
import { useApplyRollover, type RolloverChoice } from './rollover-queries.ts';
import { ROLLOVER_TEXT as T } from './rollover-text.ts';

/** What the last apply said: its figures, or the server's refusal in words. */
type Feedback = { kind: 'saved' | 'error'; message: string };

const season = (termName: string) => termName.trim().split(/\s+/)[0] ?? '';

/** The preview's figures, the Apply button (asked once more) and the sections' table. */
export function RolloverPreviewView({
  preview,
  choice,
}: {
  preview: RolloverPreview;
  choice: RolloverChoice;
}) {
  const { apply, applying } = useApplyRollover();
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { totals } = preview;
  if (!preview.sourceTerm) {
    return <Alert severity="info">{T.noSource(season(preview.targetTerm.termName))}</Alert>;
  }
  const confirm = async () => {
    try {
      const answer = await apply(choice);
      setFeedback({
        kind: 'saved',
        message: T.applied(answer.created, answer.sections, answer.alreadyAdopted),
      });
    } catch (error) {
      setFeedback({ kind: 'error', message: errorMessage(error) });
    } finally {
      setAsking(false);
    }
  };
  const figures = [
    [ROLLOVER_STATE_LABELS.CARRY, totals.toCarry],
    [ROLLOVER_STATE_LABELS.ALREADY_ADOPTED, totals.alreadyAdopted],
    [ROLLOVER_STATE_LABELS.NOTHING_TO_CARRY, totals.nothingToCarry],
    [ROLLOVER_STATE_LABELS.NEW_SECTION, totals.newSection],
    [ROLLOVER_STATE_LABELS.SECTION_GONE, totals.sectionGone],
  ] as const;
  return (
    <Stack spacing={2} useFlexGap>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 3, m: 0 }}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </div>
        ))}
      </Stack>
      {feedback && (
        <Alert
          severity={feedback.kind === 'saved' ? 'success' : 'error'}
          role={feedback.kind === 'saved' ? 'status' : 'alert'}
        >
          {feedback.message}
        </Alert>
      )}
      {totals.proposals === 0 ? (
        <Alert severity="info">{T.nothingToApply}</Alert>
      ) : (
        <div>
          <Button variant="contained" onClick={() => setAsking(true)}>
            {T.apply} ({totals.proposals})
          </Button>
        </div>
      )}
      {preview.sections.length === 0 ? (
        <Typography>{T.noSections}</Typography>
      ) : (
        <PreviewTable sections={preview.sections} />
      )}
      <ConfirmDialog
        open={asking}
        title={T.applyTitle}
        message={T.applyQuestion(totals.proposals, totals.toCarry)}
        confirmLabel={T.apply}
        busyLabel={T.applying}
        busy={applying}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}

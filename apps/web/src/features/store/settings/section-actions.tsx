import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { STORE_TEXT as T } from './store-text.ts';
import type { SectionFeedback } from './use-settings-section.ts';

interface SectionActionsProps {
  /** The Save button's words, naming what it saves: the page has several ("Save return address"). */
  saveLabel: string;
  busy: boolean;
  dirty: boolean;
  onDiscard: () => void;
  feedback: SectionFeedback | null;
  /** Shown with a stale-version refusal: reads the settings again. */
  onReload?: () => void;
  /** The words of a success, when not "Saved.". */
  savedText?: string;
}

/**
 * A section's Save and Discard buttons and what its last save said: "Saved." until the next
 * edit, a refusal with the server's words, and for a stale version a Reload button (the typed
 * input stays on screen until then).
 */
export function SectionActions(props: SectionActionsProps) {
  const { feedback, dirty } = props;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={props.busy}>
          {props.saveLabel}
        </Button>
        <Button
          type="button"
          variant="outlined"
          onClick={props.onDiscard}
          disabled={!dirty || props.busy}
        >
          {T.discard}
        </Button>
      </Stack>
      {feedback?.kind === 'saved' && !dirty && (
        <Alert severity="success" role="status">
          {props.savedText ?? T.saved}
        </Alert>
      )}
      {feedback?.kind === 'reloaded' && (
        <Alert severity="info" role="status">
          {T.reloaded}
        </Alert>
      )}
      {feedback?.kind === 'error' && (
        <Alert
          severity="error"
          action={
            feedback.stale && props.onReload ? (
              <Button color="inherit" size="small" onClick={props.onReload}>
                {T.reload}
              </Button>
            ) : undefined
          }
        >
          {feedback.message}
        </Alert>
      )}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';

/** What a card's last save said: saved, or the server's refusal in words. */
export type SaveFeedback = { kind: 'saved'; message: string } | { kind: 'error'; message: string };

/**
 * A card's save feedback under its form: "saved" only while the form still shows what was
 * saved (an edit since hides it), an error until the next save.
 */
export function SaveFeedbackAlert({
  feedback,
  isDirty,
}: {
  feedback: SaveFeedback | null;
  isDirty: boolean;
}) {
  if (feedback?.kind === 'saved' && !isDirty) {
    return (
      <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
        {feedback.message}
      </Alert>
    );
  }
  if (feedback?.kind === 'error') {
    return (
      <Alert severity="error" sx={{ mt: 1.5 }}>
        {feedback.message}
      </Alert>
    );
  }
  return null;
}

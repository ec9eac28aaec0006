import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import PrintIcon from '@mui/icons-material/Print';
import { PRINT_MESSAGES as M } from './print-messages.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/** Prints a test label through one path and says where it went or why it did not. */
export function TestLabelButton({
  print,
  disabled,
  label,
}: {
  print: () => Promise<string>;
  disabled?: boolean;
  /** The accessible name: each path's button says which path it uses. */
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: M.testPrinted(await print()) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={() => void run()}
        disabled={disabled || busy}
        aria-label={label}
        startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <PrintIcon />}
      >
        {M.testLabel}
      </Button>
      <div role="status" aria-live="polite">
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ py: 0 }}>
            {outcome.text}
          </Alert>
        )}
      </div>
    </Stack>
  );
}

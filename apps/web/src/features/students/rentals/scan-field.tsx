import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';

export interface ScanFeedback {
  severity: 'success' | 'warning' | 'info';
  text: string;
  /** Bumped per scan, so two identical messages in a row are still announced. */
  key: number;
}

/**
 * The scan field: a scanner types the code and presses Enter. It is focused on arrival, clears
 * after every scan and keeps the focus for the next one; what the scan did is said just below
 * it, in a live region (and the row lights up).
 */
export function ScanField({
  inputRef,
  onScan,
  feedback,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onScan: (text: string) => void;
  feedback: ScanFeedback | null;
}) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(true);
  // After the page heading's own focus on arrival (it runs first): the counter scans first.
  useEffect(() => inputRef.current?.focus(), [inputRef]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scanned = text;
    setText('');
    if (scanned.trim()) onScan(scanned);
    inputRef.current?.focus();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Scan rentals">
      <TextField
        fullWidth
        label={M.scanLabel}
        value={text}
        inputRef={inputRef}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        helperText={focused ? M.scanReady : M.scanNotListening}
        slotProps={{
          htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 100, enterKeyHint: 'go' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <QrCodeScannerIcon aria-hidden />
              </InputAdornment>
            ),
            sx: { fontSize: '1.25rem', minHeight: 60 },
          },
          formHelperText: {
            sx: focused ? undefined : { color: '#8a4b00', fontWeight: 600 },
          },
        }}
      />
      <Box role="status" aria-live="polite" sx={{ mt: feedback ? 1 : 0 }}>
        {feedback && (
          <Alert key={feedback.key} severity={feedback.severity} sx={{ fontSize: '1rem' }}>
            {feedback.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

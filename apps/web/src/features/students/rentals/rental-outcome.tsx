import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { RENTAL_MESSAGES as M } from './rental-messages.ts';

export interface FailedRow {
  transItemId: number;
  title: string | null;
  serialItemRefNum: string | null;
  isbn: string | null;
  reason: string;
}

export interface LabelLink {
  url: string;
  name: string;
}

/** What the last action did: the returned count, the failed items and why, or the error. */
export interface Outcome {
  success: string | null;
  failed: FailedRow[];
  error: string | null;
}

/**
 * The live region is there before any outcome, so each one is read once, politely. Its alerts
 * give up their own alert role: nested in the region they would be announced a second time.
 */
export function RentalOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <Box role="status" aria-live="polite">
      {outcome && (
        <Stack spacing={1}>
          {outcome.error && (
            <Alert severity="error" role="none">
              {outcome.error}
            </Alert>
          )}
          {outcome.success && (
            <Alert severity="success" role="none">
              {outcome.success}
            </Alert>
          )}
          {outcome.failed.length > 0 && (
            <Alert severity="error" role="none">
              <AlertTitle>{M.failedTitle(outcome.failed.length)}</AlertTitle>
              <Box component="ul" aria-label="Rentals not returned" sx={{ m: 0, pl: 2.5 }}>
                {outcome.failed.map((f) => (
                  <li key={f.transItemId}>
                    <strong>{f.title ?? `Rental ${f.transItemId}`}</strong>
                    {f.serialItemRefNum && <> ({f.serialItemRefNum})</>}: {f.reason}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * Browsers block tabs opened after a delay: when they did, the labels are links to click, and
 * stay until dismissed (the clerk may need several tries at the printer).
 */
export function BlockedLabels({ links, onDismiss }: { links: LabelLink[]; onDismiss: () => void }) {
  if (links.length === 0) return null;
  return (
    <Alert severity="warning" onClose={onDismiss}>
      <AlertTitle>{M.blockedTitle}</AlertTitle>
      {M.blockedBody}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {links.map((link) => (
          <li key={link.url}>
            <Link
              href={link.url}
              target="_blank"
              rel="noopener"
              sx={{ display: 'inline-block', py: 0.75, fontWeight: 600 }}
            >
              {link.name} (opens in a new tab)
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

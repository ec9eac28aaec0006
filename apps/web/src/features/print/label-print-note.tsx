import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { LabelPrintResult } from './print-chain.ts';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import { distinctReasons, printedLines } from './print-summary.ts';

export type LabelPrinting =
  { state: 'printing'; count: number } | { state: 'done'; result: LabelPrintResult };

/**
 * What became of the labels of the last return: printed where, or opened in tabs and why no
 * printer took them (the clerk always knows why). `action` is the way to the printer panel.
 */
export function LabelPrintNote({
  printing,
  action,
}: {
  printing: LabelPrinting | null;
  action?: ReactNode;
}) {
  return (
    <Box role="status" aria-live="polite">
      {printing?.state === 'printing' && (
        <Alert role="none" severity="info" icon={<CircularProgress size={20} aria-hidden />}>
          {M.printing(printing.count)}
        </Alert>
      )}
      {printing?.state === 'done' && <PrintedNote result={printing.result} action={action} />}
    </Box>
  );
}

function PrintedNote({ result, action }: { result: LabelPrintResult; action?: ReactNode }) {
  const printed = printedLines(result);
  const reasons = distinctReasons(result);
  // One live region (the Box above): the alerts inside are not announced a second time.
  return (
    <Stack spacing={1}>
      {printed.length > 0 && (
        <Alert role="none" severity="success">
          {printed.join(' ')}
        </Alert>
      )}
      {result.inTabs.length === 0 && reasons.length > 0 && (
        <Alert role="none" severity="info">
          {`${M.otherPaths}: ${reasons.join(' ')}`}
        </Alert>
      )}
      {result.inTabs.length > 0 && (
        <Alert role="none" severity="warning" action={action}>
          <AlertTitle>{M.tabsInstead(result.inTabs.length)}</AlertTitle>
          {M.whyTitle}:
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

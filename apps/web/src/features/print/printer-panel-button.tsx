import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import { PRINT_MESSAGES as M } from './print-messages.ts';

const PrinterPanel = lazy(() =>
  import('./printer-panel.tsx').then((m) => ({ default: m.PrinterPanel })),
);

/** Opens the printer panel; the panel (and what it checks) loads only when asked for. */
export function PrinterPanelButton({
  size = 'medium',
  label = M.openPanel,
}: {
  size?: 'small' | 'medium';
  /** Each button on a screen has its own name (the heading's, the label note's). */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        size={size}
        startIcon={<PrintIcon />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <PrinterPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

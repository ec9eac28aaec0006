import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { AgentSection } from './agent-section.tsx';
import { DymoSection } from './dymo-section.tsx';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import {
  currentOf,
  useAgentStatus,
  useDymoStatus,
  useRecheckPrinters,
} from './printer-status-queries.ts';

/** Which path the next label takes, as the chain would choose it now. */
function ActivePath() {
  const agent = useAgentStatus();
  const dymo = useDymoStatus();
  const agentPrinterNow = currentOf(agent)?.health.defaultPrinter;
  if (agent.isPending || (!agentPrinterNow && dymo.isPending)) {
    return <Alert severity="info">{`${M.activePath}: ${M.checking}`}</Alert>;
  }
  if (agentPrinterNow) {
    return (
      <Alert severity="success">{`${M.activePath}: ${M.agentName}, on ${agentPrinterNow}.`}</Alert>
    );
  }
  const dymoPrinter = currentOf(dymo)?.chosen?.name;
  if (dymoPrinter) {
    return <Alert severity="success">{`${M.activePath}: ${M.dymoName}, ${dymoPrinter}.`}</Alert>;
  }
  return <Alert severity="warning">{`${M.activePath}: ${M.tabsName}. ${M.noPathUp}`}</Alert>;
}

/**
 * The printer panel (docs/behaviour/flows.md#return-flow, docs/behaviour/calls.md): which path labels take, what each path sees,
 * the printer each uses, a test label through each, and what to do when a path is down.
 */
export function PrinterPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const recheck = useRecheckPrinters();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{M.panelTitle}</DialogTitle>
      <DialogContent dividers>
        {open && (
          <Stack spacing={2}>
            <ActivePath />
            <AgentSection />
            <DymoSection />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void recheck()}>{M.checkAgain}</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

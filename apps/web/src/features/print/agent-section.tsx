import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LocalPrinter } from '@csp/contracts';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import { PathSection } from './path-section.tsx';
import { currentOf, useAgentStatus, useSetAgentPrinter } from './printer-status-queries.ts';
import { printTestLabelOnAgent } from './test-label.ts';
import { TestLabelButton } from './test-label-button.tsx';

function stateText(printer: LocalPrinter): string {
  const parts: string[] = [printer.state];
  if (!printer.accepting) parts.push('not accepting jobs');
  if (printer.reason) parts.push(printer.reason);
  return parts.join(' · ');
}

/** The local print service: whether it runs, its printers, the one labels go to, a test. */
export function AgentSection() {
  const status = useAgentStatus();
  const pick = useSetAgentPrinter();
  const data = currentOf(status);
  const current = data?.health.defaultPrinter ?? '';
  const pickerId = useId();

  return (
    <PathSection
      title={M.agentName}
      state={status.isPending ? 'checking' : status.isError ? 'down' : 'up'}
      summary={data ? M.agentRunning(data.health.version) : M.agentDown}
    >
      {status.isError && (
        <Alert severity="info">
          <Typography variant="body2">{M.agentInstall}</Typography>
          <Box
            component="code"
            sx={{ display: 'block', mt: 0.5, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
          >
            {M.agentCommand(window.location.origin)}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {M.agentInstallMore}
          </Typography>
        </Alert>
      )}
      {data && data.printers.length === 0 && <Alert severity="warning">{M.agentNoPrinters}</Alert>}
      {data && data.printers.length > 0 && (
        <FormControl>
          <FormLabel id={pickerId}>{M.agentPickPrinter}</FormLabel>
          <RadioGroup
            aria-labelledby={pickerId}
            // The pick shows at once; the service's answer confirms it.
            value={pick.isPending ? pick.variables : current}
            onChange={(event) => pick.mutate(event.target.value)}
          >
            {data.printers.map((printer) => (
              <FormControlLabel
                key={printer.name}
                value={printer.name}
                disabled={pick.isPending}
                control={<Radio />}
                label={
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <span>{printer.description || printer.name}</span>
                    <Chip
                      size="small"
                      label={stateText(printer)}
                      color={
                        printer.state === 'stopped' || !printer.accepting ? 'error' : 'default'
                      }
                    />
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {pick.isError && <Alert severity="error">{pick.error.message}</Alert>}
      {data && (
        <TestLabelButton
          print={printTestLabelOnAgent}
          disabled={!current}
          label={`${M.testLabel} through the ${M.agentName.toLowerCase()}`}
        />
      )}
    </PathSection>
  );
}

import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { DymoPrinter } from '@csp/dymo';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import { PathSection } from './path-section.tsx';
import { currentOf, useDymoStatus, useSetDymoPrinter } from './printer-status-queries.ts';
import { printTestLabelOnDymo } from './test-label.ts';
import { TestLabelButton } from './test-label-button.tsx';

/** Where the check page is when DYMO Connect could not be reached: its first address. */
const FIRST_CHECK_URL = 'https://127.0.0.1:41951/DYMO/DLS/Printing/Check';

function printerLabel(printer: DymoPrinter): string {
  const model =
    printer.modelName && printer.modelName !== printer.name ? ` (${printer.modelName})` : '';
  return `${printer.name}${model}${printer.isConnected ? '' : `: ${M.dymoReportsDisconnected}`}`;
}

/** DYMO Connect: whether it answers, its printers, the one labels go to, a test. */
export function DymoSection() {
  const status = useDymoStatus();
  const pick = useSetDymoPrinter();
  const pickerId = useId();
  const data = currentOf(status);
  const chosen = data?.chosen;
  const labelWriters = data?.printers.filter((p) => p.kind === 'LabelWriterPrinter') ?? [];

  return (
    <PathSection
      title={M.dymoName}
      state={status.isPending ? 'checking' : status.isError || !chosen ? 'down' : 'up'}
      summary={
        status.isError
          ? status.error.message
          : !chosen
            ? M.dymoNoPrinter
            : M.dymoFound(data?.origin ?? '')
      }
    >
      {status.isError && (
        <Alert severity="info">
          <Typography variant="body2">{M.dymoCertificate}</Typography>
          <Link href={FIRST_CHECK_URL} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
            {M.dymoCheckPage} (opens in a new tab)
          </Link>
        </Alert>
      )}
      {labelWriters.length > 0 && (
        <FormControl>
          <FormLabel id={pickerId}>{M.dymoPickPrinter}</FormLabel>
          <RadioGroup
            aria-labelledby={pickerId}
            value={pick.isPending ? pick.variables : (chosen?.name ?? '')}
            onChange={(event) => pick.mutate(event.target.value)}
          >
            {labelWriters.map((printer) => (
              <FormControlLabel
                key={printer.name}
                value={printer.name}
                control={<Radio />}
                label={printerLabel(printer)}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {data && (
        <TestLabelButton
          print={printTestLabelOnDymo}
          disabled={!chosen}
          label={`${M.testLabel} on the ${M.dymoName}`}
        />
      )}
    </PathSection>
  );
}

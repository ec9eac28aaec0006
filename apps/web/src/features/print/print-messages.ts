import { LOCAL_PRINT_PORT } from '@csp/contracts';

/** What the print chain and the printer panel say, in one place for tests and screens. */
export const PRINT_MESSAGES = {
  agentName: 'Local print service',
  dymoName: 'DYMO label printer',
  tabsName: 'New browser tabs',
  agentDown: `The local print service did not answer on port ${LOCAL_PRINT_PORT}: it is not running on this computer, or it does not trust this portal's address.`,
  agentTimedOut:
    'The local print service did not finish in time: the label may still come out of its printer. Check it before printing the label from its tab.',
  agentRefused: (message: string) => `The local print service could not print: ${message}`,
  agentNoPrinter:
    'The local print service has no printer to print to: pick one in Printers, or set a default printer on this computer.',
  /** docs/behaviour/messages.md, verbatim (the DYMO client refuses with the same words). */
  dymoNoPrinter: 'No DYMO Label printer found and/or SDK is not Installed',
  dymoFailed: (message: string) => `The DYMO printer could not print: ${message}`,
  contentFailed: (message: string) =>
    `The label could not be read for the DYMO printer: ${message}`,
  printedVia: (count: number, printer: string, path: string) =>
    count === 1
      ? `Label printed on ${printer} (${path}).`
      : `${count} labels printed on ${printer} (${path}).`,
  printing: (count: number) => (count === 1 ? 'Printing the label…' : `Printing ${count} labels…`),
  tabsInstead: (count: number) =>
    count === 1
      ? 'The label opens in a new tab instead: print it from there.'
      : `The ${count} labels open in new tabs instead: print them from there.`,
  whyTitle: 'Why no printer printed',
  otherPaths: 'Not through the first path',
  openPanel: 'Printers',
  checkPrinters: 'Check printers',
  panelTitle: 'Printers for labels',
  activePath: 'Labels print through',
  checking: 'Checking…',
  checkAgain: 'Check again',
  testLabel: 'Print a test label',
  testPrinted: (printer: string) => `Test label sent to ${printer}.`,
  agentRunning: (version: string) => `Running (version ${version})`,
  agentNoPrinters: 'CUPS reports no printers on this computer. Add the label printer to CUPS.',
  agentPrintersFailed: (message: string) =>
    `The local print service runs, but could not list the printers: ${message}`,
  agentPickPrinter: 'Printer for labels',
  agentInstall: 'Install the Campus Store print agent on this computer and start it with:',
  agentCommand: (origin: string) => `npm start -w apps/print-agent -- --portal-origin ${origin}`,
  agentInstallMore:
    'It prints through the computer’s own print system (CUPS), so any printer installed there works. It must trust this portal’s address.',
  dymoFound: (origin: string) => `DYMO Connect answers at ${origin}`,
  dymoCertificate:
    'If DYMO Connect is installed and running, this browser may not have accepted its certificate yet: open the check page, accept it, then check again.',
  dymoCheckPage: 'Open the DYMO check page',
  dymoPickPrinter: 'DYMO printer for labels',
  dymoReportsDisconnected:
    'reports not connected (newer DYMO Connect versions often do; labels are sent to it anyway)',
  noPathUp: 'Neither printer path is available.',
} as const;

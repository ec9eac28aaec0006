/**
 * What the clerk reads when a DYMO step fails (docs/behaviour/messages.md#printing "Printer error" and "SDK messages").
 * noPrinter and nonContinuous are the framework's own wording; discoveryInProgress keeps the
 * framework's "service discovery is in progress" so code written against it still matches.
 */
export const DYMO_MESSAGES = {
  noPrinter: 'No DYMO Label printer found and/or SDK is not Installed',
  serviceUnreachable:
    'The DYMO Connect service is not installed or not running on this computer. Install or start DYMO Connect, then try again.',
  discoveryInProgress:
    'DYMO Label Framework service discovery is in progress. Try again in a moment.',
  noLabelXml: 'No label to print: the label XML is empty or not readable.',
  unknownPrinter: (name: string): string =>
    `Unknown printer '${name}': DYMO Connect does not list a printer of that name.`,
  nonContinuous: 'Cannot set length on non-continuous label.',
  badBarcodePosition:
    'The address barcode position must be AboveAddress, BelowAddress or Suppress.',
  badLabelLength:
    'The label length must be 0 (automatic) or a whole number of twips from 1 to 7200.',
  timeout: 'The DYMO Connect service did not answer in time.',
  scriptTimeout: 'The DYMO label framework did not load in time, or failed to load.',
  certificate:
    'The DYMO Connect service may be running with a certificate this browser has not accepted: open the Check URL, accept the certificate, then try again.',
  serviceRefused: 'The DYMO Connect service did not print the label.',
  chunkRetriesExhausted:
    'The network printer did not accept the label: a part of it was refused 10 times.',
} as const;

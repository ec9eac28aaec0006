import { TEST_LABEL_PATH } from '@csp/contracts';
import { printOnDymo } from './dymo-printer.ts';
import { fetchLabelContent } from './label-content-fetch.ts';
import { localPrintClient } from './local-print-client.ts';

/** The store's test label on this website: the local print service downloads it from here. */
export function testLabelUrl(): string {
  return `${window.location.origin}${TEST_LABEL_PATH}`;
}

/** Prints the test label through the local print service; answers the printer's name. */
export async function printTestLabelOnAgent(): Promise<string> {
  return (await localPrintClient().printLabel(testLabelUrl())).printerName;
}

/** Prints the test label on the DYMO printer; answers the printer's name. */
export async function printTestLabelOnDymo(): Promise<string> {
  return (await printOnDymo(await fetchLabelContent(testLabelUrl()))).printer;
}

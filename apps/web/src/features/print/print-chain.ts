import type { LabelContent, LocalPrintHealth, LocalPrintJob } from '@csp/contracts';
import { dymoLabelPrinter, printContentOnDymo } from './dymo-printer.ts';
import { fetchLabelContent } from './label-content-fetch.ts';
import { distinctUrls, openLabelTabs, type LabelTabsResult } from './label-tabs.ts';
import { LocalPrintError, localPrintClient, probeAgentHealth } from './local-print-client.ts';
import { PRINT_MESSAGES as M } from './print-messages.ts';

export type PrintPathName = 'agent' | 'dymo';

/** The three ways a label comes out, as the chain uses them (tests pass their own). */
export interface PrintPaths {
  agent: { health(): Promise<LocalPrintHealth>; print(url: string): Promise<LocalPrintJob> };
  dymo: {
    printer(): Promise<string>;
    print(printer: string, content: LabelContent): Promise<void>;
  };
  content(url: string): Promise<LabelContent>;
  tabs(urls: readonly string[]): Promise<LabelTabsResult>;
}

export function browserPrintPaths(): PrintPaths {
  const agent = localPrintClient();
  return {
    agent: { health: probeAgentHealth, print: agent.printLabel },
    dymo: { printer: dymoLabelPrinter, print: printContentOnDymo },
    content: fetchLabelContent,
    tabs: openLabelTabs,
  };
}

export interface PrintedLabel {
  url: string;
  via: PrintPathName;
  printer: string;
}

export interface LabelPrintResult {
  printed: PrintedLabel[];
  /** Labels no printer took: they open in tabs (docs/behaviour/constants.md: from 2 s on). */
  inTabs: string[];
  /** Settles once every tab was tried, with the ones the browser's pop-up blocker refused. */
  tabs: Promise<LabelTabsResult>;
  /**
   * Why each path that was tried did not print, in the clerk's words: why the labels opened in
   * tabs, or why a later path printed them.
   */
  reasons: string[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * docs/behaviour/flows.md#return-flow step 3-4: each distinct label goes to the local print service (after a
 * 750 ms health check), else to the DYMO printer, else opens in a new tab. A path that fails
 * once is not tried again for the rest of the batch, so a stopped queue costs one refusal,
 * not one per label; why each path failed is kept for the clerk.
 */
export async function printLabels(
  urls: readonly string[],
  paths: PrintPaths = browserPrintPaths(),
): Promise<LabelPrintResult> {
  const distinct = distinctUrls(urls);
  const result: LabelPrintResult = {
    printed: [],
    inTabs: [],
    tabs: Promise.resolve({ blocked: [] }),
    reasons: [],
  };
  if (distinct.length === 0) return result;

  let agentReason: string | null = null;
  try {
    const health = await paths.agent.health();
    if (!health.defaultPrinter) agentReason = M.agentNoPrinter;
  } catch {
    agentReason = M.agentDown;
  }
  let dymoReason: string | null = null;
  let dymoPrinter: string | null = null;

  for (const url of distinct) {
    if (!agentReason) {
      try {
        const job = await paths.agent.print(url);
        result.printed.push({ url, via: 'agent', printer: job.printerName });
        continue;
      } catch (error) {
        const status = error instanceof LocalPrintError ? error.status : null;
        if (status === -1) {
          // It may still print: another printer would make a second label.
          agentReason = M.agentTimedOut;
          result.inTabs.push(url);
          continue;
        }
        if (status === 502) {
          // This label could not be downloaded; the service may print the next one.
          result.reasons.push(M.agentRefused(messageOf(error)));
        } else {
          agentReason = M.agentRefused(messageOf(error));
        }
      }
    }
    if (!dymoReason && !dymoPrinter) {
      try {
        dymoPrinter = await paths.dymo.printer();
      } catch (error) {
        dymoReason = messageOf(error);
      }
    }
    if (!dymoReason && dymoPrinter) {
      let content: LabelContent;
      try {
        content = await paths.content(url);
      } catch (error) {
        // This label's content, not the printer: the next label may still print on DYMO.
        result.inTabs.push(url);
        result.reasons.push(M.contentFailed(messageOf(error)));
        continue;
      }
      try {
        await paths.dymo.print(dymoPrinter, content);
        result.printed.push({ url, via: 'dymo', printer: dymoPrinter });
        continue;
      } catch (error) {
        dymoReason = M.dymoFailed(messageOf(error));
      }
    }
    result.inTabs.push(url);
  }

  const reasons = [agentReason, dymoReason, ...result.reasons];
  result.reasons = [...new Set(reasons.filter((r): r is string => r !== null))];
  if (result.inTabs.length > 0) result.tabs = paths.tabs(result.inTabs);
  return result;
}

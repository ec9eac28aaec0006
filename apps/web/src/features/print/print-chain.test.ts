import { describe, expect, it, vi } from 'vitest';
import type { LabelContent } from '@csp/contracts';
import { LocalPrintError } from './local-print-client.ts';
import { printLabels, type PrintPaths } from './print-chain.ts';
import { PRINT_MESSAGES as M } from './print-messages.ts';
import { printedLines } from './print-summary.ts';

const content = (url: string): LabelContent => ({
  kind: 'RETURN',
  jobTitle: `Rental return ${url}`,
  addressLines: ['Store'],
  textLines: ['RENTAL RETURN'],
  barcode: url,
});

/** Paths that each do what the test says, recording what reached them. */
function paths(options: {
  agent?: 'up' | 'down' | 'no-printer' | 'refuses' | 'times-out' | 'cannot-download-first';
  dymo?: 'prints' | 'no-printer' | 'unreachable' | 'jams';
  contentFails?: string[];
  blocked?: string[];
}) {
  const seen = { agent: [] as string[], dymo: [] as string[], tabs: [] as string[] };
  const agent = options.agent ?? 'up';
  const dymo = options.dymo ?? 'prints';
  const p: PrintPaths = {
    agent: {
      health: vi.fn(async () => {
        if (agent === 'down') throw new Error('unreachable');
        return {
          status: 'UP' as const,
          version: '0.1.0',
          defaultPrinter: agent === 'no-printer' ? null : 'Counter-PDF',
        };
      }),
      print: vi.fn(async (url: string) => {
        if (agent === 'refuses') throw new Error('Printer Counter-PDF is stopped: Paused');
        if (agent === 'times-out') throw new LocalPrintError('timeout', -1);
        if (agent === 'cannot-download-first' && url === '/l/1') {
          throw new LocalPrintError('The portal answered 410 for this label', 502);
        }
        seen.agent.push(url);
        return { jobId: `Counter-PDF-${seen.agent.length}`, printerName: 'Counter-PDF' };
      }),
    },
    dymo: {
      printer: vi.fn(async () => {
        if (dymo === 'no-printer') throw new Error(M.dymoNoPrinter);
        if (dymo === 'unreachable') throw new Error('DYMO Connect is not running');
        return 'DYMO LabelWriter 450';
      }),
      print: vi.fn(async (printer: string, label: LabelContent) => {
        if (dymo === 'jams') throw new Error('Error printing label. Exception: paper jam');
        seen.dymo.push(`${printer}:${label.barcode}`);
      }),
    },
    content: vi.fn(async (url: string) => {
      if (options.contentFails?.includes(url)) throw new Error('This label expired');
      return content(url);
    }),
    tabs: vi.fn(async (urls: readonly string[]) => {
      seen.tabs.push(...urls);
      return { blocked: urls.filter((u) => options.blocked?.includes(u)) };
    }),
  };
  return { p, seen };
}

describe('the print chain (docs/behaviour/flows.md#return-flow step 3-4)', () => {
  it('prints each distinct label through the local print service when it runs, opening no tab', async () => {
    const { p, seen } = paths({});
    const result = await printLabels(['/l/1', '/l/2', '/l/1'], p);
    expect(seen).toEqual({ agent: ['/l/1', '/l/2'], dymo: [], tabs: [] });
    expect(result.reasons).toEqual([]);
    expect(printedLines(result)).toEqual([
      '2 labels printed on Counter-PDF (Local print service).',
    ]);
    expect(p.agent.health).toHaveBeenCalledTimes(1);
  });

  it('goes to the DYMO printer when the local print service is not running', async () => {
    const { p, seen } = paths({ agent: 'down' });
    const result = await printLabels(['/l/1'], p);
    expect(seen).toEqual({ agent: [], dymo: ['DYMO LabelWriter 450:/l/1'], tabs: [] });
    expect(result.reasons).toEqual([M.agentDown]);
    expect(printedLines(result)).toEqual([
      'Label printed on DYMO LabelWriter 450 (DYMO label printer).',
    ]);
    expect(p.agent.print).not.toHaveBeenCalled();
  });

  it('skips a local print service that has no printer to print to', async () => {
    const { p, seen } = paths({ agent: 'no-printer', dymo: 'unreachable' });
    const result = await printLabels(['/l/1'], p);
    expect(seen.tabs).toEqual(['/l/1']);
    expect(result.reasons).toEqual([M.agentNoPrinter, 'DYMO Connect is not running']);
  });

  it('opens tabs when both paths fail and says why each failed, in the spec words for DYMO', async () => {
    const { p, seen } = paths({ agent: 'down', dymo: 'no-printer', blocked: ['/l/2'] });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(seen.tabs).toEqual(['/l/1', '/l/2']);
    expect(result.inTabs).toEqual(['/l/1', '/l/2']);
    expect((await result.tabs).blocked).toEqual(['/l/2']);
    expect(result.reasons).toEqual([
      M.agentDown,
      'No DYMO Label printer found and/or SDK is not Installed',
    ]);
    // A path that failed once is not asked again for the next label, and no label content is
    // fetched for a printer that is not there.
    expect(p.dymo.printer).toHaveBeenCalledTimes(1);
    expect(p.content).not.toHaveBeenCalled();
  });

  it('stops asking a local print service that refused, and gives the rest to DYMO', async () => {
    const { p, seen } = paths({ agent: 'refuses' });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(p.agent.print).toHaveBeenCalledTimes(1);
    expect(seen.dymo).toEqual(['DYMO LabelWriter 450:/l/1', 'DYMO LabelWriter 450:/l/2']);
    expect(result.inTabs).toEqual([]);
  });

  it('opens in a tab a label whose content cannot be read, and still prints the next on DYMO', async () => {
    const { p, seen } = paths({ agent: 'down', contentFails: ['/l/1'] });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(seen.dymo).toEqual(['DYMO LabelWriter 450:/l/2']);
    expect(seen.tabs).toEqual(['/l/1']);
    expect(result.reasons).toEqual([M.agentDown, M.contentFailed('This label expired')]);
  });

  it('says what the DYMO printer answered when it took the label but could not print it', async () => {
    const { p, seen } = paths({ agent: 'down', dymo: 'jams' });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(seen.tabs).toEqual(['/l/1', '/l/2']);
    expect(p.dymo.print).toHaveBeenCalledTimes(1);
    expect(result.reasons).toEqual([
      M.agentDown,
      M.dymoFailed('Error printing label. Exception: paper jam'),
    ]);
  });

  it('never sends a label the local print service may still be printing to a second printer', async () => {
    const { p, seen } = paths({ agent: 'times-out' });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(seen.tabs).toEqual(['/l/1']);
    // The next label goes on to DYMO: the service is not asked again.
    expect(seen.dymo).toEqual(['DYMO LabelWriter 450:/l/2']);
    expect(result.reasons).toEqual([M.agentTimedOut]);
  });

  it('keeps using the local print service after one label could not be downloaded', async () => {
    const { p, seen } = paths({ agent: 'cannot-download-first' });
    const result = await printLabels(['/l/1', '/l/2'], p);
    expect(seen.dymo).toEqual(['DYMO LabelWriter 450:/l/1']);
    expect(seen.agent).toEqual(['/l/2']);
    expect(result.inTabs).toEqual([]);
    // Why the first label came out of another printer is kept for the clerk.
    expect(result.reasons).toEqual([M.agentRefused('The portal answered 410 for this label')]);
  });

  it('does nothing for no labels', async () => {
    const { p } = paths({});
    const result = await printLabels([], p);
    expect(result).toMatchObject({ printed: [], inTabs: [], reasons: [] });
    expect(await result.tabs).toEqual({ blocked: [] });
    expect(p.agent.health).not.toHaveBeenCalled();
  });
});

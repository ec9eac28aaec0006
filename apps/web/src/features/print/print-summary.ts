import type { LabelPrintResult } from './print-chain.ts';
import { PRINT_MESSAGES as M } from './print-messages.ts';

const PATH_NAMES = { agent: M.agentName, dymo: M.dymoName } as const;

/** 'Label printed on PDF (Local print service).' per printer used, in the order used. */
export function printedLines(result: LabelPrintResult): string[] {
  const groups = new Map<string, { count: number; printer: string; path: string }>();
  for (const label of result.printed) {
    const key = `${label.via}\u0000${label.printer}`;
    const group = groups.get(key) ?? {
      count: 0,
      printer: label.printer,
      path: PATH_NAMES[label.via],
    };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => M.printedVia(g.count, g.printer, g.path));
}

/** Each reason once, in the order the chain met them. */
export function distinctReasons(result: LabelPrintResult): string[] {
  return [...new Set(result.reasons)];
}

import type { z } from 'zod';
import type { returnedItem } from '@csp/contracts';

type ReturnedItem = z.output<typeof returnedItem>;

/**
 * docs/behaviour/flows.md#return-flow step 3: one label per distinct serial item label. The server gives every
 * returned item its group's label URL; the first item of each group names it.
 */
export function returnLabelUrls(successful: readonly ReturnedItem[]): string[] {
  const byLabel = new Map<string, string>();
  for (const item of successful) {
    if (!byLabel.has(item.serialItemLabel)) byLabel.set(item.serialItemLabel, item.reportUrl);
  }
  return [...new Set(byLabel.values())];
}

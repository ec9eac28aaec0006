import { describe, expect, it } from 'vitest';
import { returnLabelUrls } from './return-labels.ts';

describe('return labels (docs/behaviour/flows.md#return-flow)', () => {
  const item = (transItemId: number, serialItemLabel: string, reportUrl: string) => ({
    transItemId,
    isbn: '9780000000001',
    title: 'T',
    author: 'A',
    serialItemRefNum: `DU${transItemId}`,
    dueDate: '2026-12-01',
    trackingNumber: null,
    serialItemLabel,
    marketplaceConditionName: 'Good',
    reportUrl,
  });

  it('gives one URL per distinct serial item label', () => {
    expect(
      returnLabelUrls([
        item(1, 'RTN-1', '/l/1'),
        item(2, 'RTN-2', '/l/2'),
        item(3, 'RTN-1', '/l/1'),
      ]),
    ).toEqual(['/l/1', '/l/2']);
  });
});

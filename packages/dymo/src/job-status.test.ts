import { describe, expect, it } from 'vitest';
import { PrintJobStatus, printJobStatusName } from './job-status.ts';

describe('print job statuses (docs/behaviour/flows.md)', () => {
  it('has the SDK codes', () => {
    expect(PrintJobStatus).toEqual({
      Unknown: 0,
      Printing: 1,
      Finished: 2,
      Error: 3,
      PaperOut: 4,
      InQueue: 5,
      ProcessingError: -1,
      PrinterBusy: -2,
      InvalidJobId: -3,
      NotSpooled: -4,
    });
  });

  it('names every code, and calls a code outside the table Unknown', () => {
    expect(printJobStatusName(4)).toBe('PaperOut');
    expect(printJobStatusName(-4)).toBe('NotSpooled');
    expect(printJobStatusName(-2)).toBe('PrinterBusy');
    expect(printJobStatusName(5)).toBe('InQueue');
    expect(printJobStatusName(0)).toBe('Unknown');
    expect(printJobStatusName(42)).toBe('Unknown');
    expect(printJobStatusName(Number.NaN)).toBe('Unknown');
  });
});

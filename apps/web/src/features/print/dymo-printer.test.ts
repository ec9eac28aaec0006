import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_MESSAGES } from './print-messages.ts';

describe('loading the DYMO client (docs/behaviour/constants.md: a 5 s script time-out)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after the time-out with a message the clerk can act on, and tries again next time', async () => {
    // Workers keep modules between files (isolate: false), and another file may already have
    // loaded the client: a fresh copy of the loader starts with nothing loaded, as a page does.
    vi.resetModules();
    const { DYMO_SCRIPT_TIMEOUT_MESSAGE, DYMO_SCRIPT_TIMEOUT_MS, loadDymo } =
      await import('./dymo-printer.ts');
    expect(DYMO_SCRIPT_TIMEOUT_MS).toBe(5000);
    vi.useFakeTimers();
    // The time-out fires before the chunk can arrive: no real wait, no real slowness needed.
    const slow = loadDymo(10);
    vi.advanceTimersByTime(10);
    await expect(slow).rejects.toThrow(DYMO_SCRIPT_TIMEOUT_MESSAGE);
    vi.useRealTimers();

    const dymo = await loadDymo();
    // docs/behaviour/messages.md verbatim, and the panel says what the client says.
    expect(dymo.DYMO_MESSAGES.noPrinter).toBe(
      'No DYMO Label printer found and/or SDK is not Installed',
    );
    expect(PRINT_MESSAGES.dymoNoPrinter).toBe(dymo.DYMO_MESSAGES.noPrinter);
  });
});

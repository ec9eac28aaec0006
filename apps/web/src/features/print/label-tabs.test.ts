import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labelTabSchedule, openLabelTabs } from './label-tabs.ts';

describe('label tabs (docs/behaviour/flows.md, docs/behaviour/constants.md)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the first after 2 s, then 500 ms apart', () => {
    expect(labelTabSchedule(3)).toEqual([2000, 2500, 3000]);
  });

  it('opens each distinct URL once on that schedule and reports the blocked ones', async () => {
    const opened: [string, number][] = [];
    const start = Date.now();
    const openTab = vi.fn((url: string) => {
      opened.push([url, Date.now() - start]);
      return url !== '/b';
    });
    let result: { blocked: string[] } | undefined;
    void openLabelTabs(['/a', '/b', '/a', '/c'], openTab).then((r) => (result = r));

    await vi.advanceTimersByTimeAsync(1999);
    expect(openTab).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toEqual([['/a', 2000]]);
    await vi.advanceTimersByTimeAsync(499);
    expect(opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(501);
    expect(opened).toEqual([
      ['/a', 2000],
      ['/b', 2500],
      ['/c', 3000],
    ]);
    expect(result).toEqual({ blocked: ['/b'] });
  });

  it('resolves at once with nothing to open', async () => {
    await expect(openLabelTabs([], vi.fn())).resolves.toEqual({ blocked: [] });
  });
});

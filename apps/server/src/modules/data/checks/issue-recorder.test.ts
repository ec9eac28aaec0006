import { describe, expect, it } from 'vitest';
import { IssueRecorder, MAX_KEPT_ISSUES, type RecordedIssue } from './issue-recorder.ts';

describe('the issues of an import', () => {
  it('keeps the first 10,000 issues, a thousand at a time, and counts every rejected row', async () => {
    const kept: RecordedIssue[][] = [];
    const recorder = new IssueRecorder(async (issues) => void kept.push(issues));
    for (let row = 2; row < 2 + MAX_KEPT_ISSUES + 50; row++) {
      recorder.reject(row, [{ column: 'email', value: 'x', message: 'is not an e-mail address' }]);
      await recorder.flush();
    }
    await recorder.flush(true);
    expect(kept.map((batch) => batch.length)).toEqual(Array(10).fill(1000));
    expect(kept.at(-1)?.at(-1)?.rowNumber).toBe(MAX_KEPT_ISSUES + 1);
    expect(recorder.rejected).toBe(MAX_KEPT_ISSUES + 50);
    expect(recorder.topReasons()).toEqual([
      { column: 'email', message: 'is not an e-mail address', rows: MAX_KEPT_ISSUES + 50 },
    ]);
  });

  it('counts a row once per reason, most rows first, at most 20 reasons', () => {
    const recorder = new IssueRecorder(null);
    recorder.reject(2, [
      { column: 'professors', value: 'a', message: 'has a name not written as "Last, First"' },
      { column: 'professors', value: 'b', message: 'has a name not written as "Last, First"' },
      { column: 'capacity', value: 'lots', message: 'is not a whole number' },
    ]);
    recorder.reject(3, [{ column: 'capacity', value: '-1', message: 'is not a whole number' }]);
    for (let i = 0; i < 30; i++) {
      recorder.reject(10 + i, [{ column: `c${String(i).padStart(2, '0')}`, value: '', message: 'm' }]);
    }
    const reasons = recorder.topReasons();
    expect(reasons).toHaveLength(20);
    expect(reasons.slice(0, 3)).toEqual([
      { column: 'capacity', message: 'is not a whole number', rows: 2 },
      { column: 'c00', message: 'm', rows: 1 },
      { column: 'c01', message: 'm', rows: 1 },
    ]);
    expect(reasons.find((r) => r.column === 'professors')).toBeUndefined();
  });

  it('keeps rejected rows apart from warnings: a warning on every row crowds out none', async () => {
    const kept: RecordedIssue[] = [];
    const recorder = new IssueRecorder(async (issues) => void kept.push(...issues));
    for (let row = 2; row < 2 + MAX_KEPT_ISSUES + 10; row++) {
      recorder.warn(row, [{ column: 'list_price', value: 'x', message: 'is not a price' }]);
    }
    recorder.reject(99_999, [{ column: 'title', value: '', message: 'is required' }]);
    await recorder.flush(true);
    expect(kept.filter((i) => i.warning)).toHaveLength(MAX_KEPT_ISSUES);
    expect(kept.filter((i) => !i.warning).map((i) => i.rowNumber)).toEqual([99_999]);
    expect(recorder.warned).toBe(MAX_KEPT_ISSUES + 10);
  });
});

import { describe, expect, it } from 'vitest';
import { importSummary } from '../../../test/data/data-fixtures.ts';
import {
  applyConfirmText,
  applyPauseText,
  changesNothing,
  formatBytes,
  percentOf,
  rowCountsText,
  rowProgressText,
  uploadProgressText,
} from './report-format.ts';

describe('the import report in words', () => {
  it('gives file sizes as a file manager does', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(816_951)).toBe('798 KB');
    expect(formatBytes(7.4 * 1024 * 1024)).toBe('7.4 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });

  it('never says 100% before the last row is done', () => {
    expect(percentOf(6572, 6573)).toBe(99);
    expect(percentOf(6573, 6573)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(uploadProgressText(3 * 1024 * 1024, 8 * 1024 * 1024)).toBe(
      '3.0 MB of 8.0 MB sent (37%)',
    );
  });

  it('counts rows while the total is not known yet, then of the total', () => {
    expect(rowProgressText({ done: 1200, total: null }, 'checked')).toBe('1,200 rows checked');
    expect(rowProgressText({ done: 1200, total: 6573 }, 'applied')).toBe(
      '1,200 of 6,573 rows applied (18%)',
    );
    expect(rowProgressText(null, 'applied')).toBe('');
  });

  it('gives the row counts of an import in one line', () => {
    expect(rowCountsText(importSummary())).toBe(
      '6,500 added · 40 updated · 0 unchanged · 33 rejected',
    );
  });

  it('says what applying writes, where, and what it leaves out', () => {
    expect(applyConfirmText(importSummary())).toBe(
      'This writes the 6,540 valid rows of “fall-2025.csv” to Main Campus, Fall 2025: ' +
        '6,500 added, 40 updated, 0 unchanged. The 33 rejected rows will not be written. ' +
        'It is applied in one transaction: all of it, or nothing if it fails.',
    );
    expect(
      applyConfirmText(importSummary({ rowsRejected: 0, divisionName: null, terms: [] })),
    ).not.toMatch(/rejected| to /);
  });

  it('warns that a large file pauses the portal on the embedded database, and nothing else does', () => {
    const pause = 'This portal runs on its embedded database: while the file is applied, the portal answers no one';
    expect(applyConfirmText(importSummary({ applyPauseSeconds: 15 }))).toContain(
      `${pause}, for about 15 seconds. Apply it when few people are using the portal.`,
    );
    expect(applyPauseText(importSummary({ applyPauseSeconds: 60 }), 'before')).toContain('about 1 minute.');
    expect(applyPauseText(importSummary({ applyPauseSeconds: 300 }), 'during')).toBe(
      'This portal runs on its embedded database: until the file is applied, the portal answers no one, ' +
        'for about 5 minutes. This page shows the outcome when it is done.',
    );
    expect(applyConfirmText(importSummary())).not.toContain('embedded');
  });

  it('knows a re-import of the same file changes nothing', () => {
    const again = importSummary({ added: 0, updated: 0, unchanged: 6540 });
    expect(changesNothing(again)).toBe(true);
    expect(changesNothing(importSummary())).toBe(false);
    // A file with no valid row is not "nothing changes": it is refused.
    expect(changesNothing(importSummary({ rowsValid: 0, added: 0, updated: 0 }))).toBe(false);
  });
});

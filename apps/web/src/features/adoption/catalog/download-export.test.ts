import { describe, expect, it } from 'vitest';
import { FALLBACK_FILENAME, filenameFrom } from './download-export.ts';

describe('filenameFrom', () => {
  it('reads the plain and the UTF-8 forms of Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="catalog-2026-05-01.xlsx"')).toBe(
      'catalog-2026-05-01.xlsx',
    );
    expect(filenameFrom('attachment; filename=catalog.xlsx')).toBe('catalog.xlsx');
    expect(
      filenameFrom(
        `attachment; filename="Cours.xlsx"; filename*=UTF-8''Cours%20%C3%A9t%C3%A9.xlsx`,
      ),
    ).toBe('Cours été.xlsx');
  });

  it('keeps only the name and falls back when there is none', () => {
    expect(filenameFrom('attachment; filename="../../etc/catalog.xlsx"')).toBe('catalog.xlsx');
    expect(filenameFrom(null)).toBe(FALLBACK_FILENAME);
    expect(filenameFrom('attachment')).toBe(FALLBACK_FILENAME);
  });
});
